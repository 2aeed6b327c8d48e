/**
 * Collecting the garbage workerd keeps outside V8's heap, for the local platform (issues 8 and 16).
 *
 * workerd frees the native side of a Request, Response or Headers (its C++ object, and a string body it
 * copied out of V8) only when V8 collects the small JS object that wraps it; V8 decides when to collect by
 * its own heap, which those wrappers hardly grow. Each request through a service binding leaves 15-20 kB
 * so, and an admin change with its storage calls up to 80 kB, until a full collection that may not come for
 * thousands of requests. workerd's allocator (tcmalloc, linked into the binary, without its background
 * release) never gives freed memory back to the system, so whatever piles up between two collections stays
 * as the process's size for good (infra/bench/MEMORY.md). A full collection every so much garbage keeps
 * the pile small. (A minor collection does not: forced scavenges promote the wrappers of requests in
 * flight to the old generation, and workerd grew more, 1.50× against 1.18× under load.)
 *
 * `gc` exists only where V8 runs with `--expose-gc`: the local platform's workerd (infra/local/build.ts).
 * On Cloudflare it is undefined and the collector does nothing.
 */
export type Collect = () => void;

/** V8's `gc` when workerd exposes it, else undefined. */
export function exposedGc(): Collect | undefined {
  const gc = (globalThis as { gc?: unknown }).gc;
  return typeof gc === "function" ? (gc as Collect) : undefined;
}

/**
 * A counter that runs `gc` once `every` units have been counted: call it once per request that leaves
 * native garbage, with that request's weight. It collects before the request it counts, so that request's
 * own objects are not yet garbage.
 */
export function collectEvery(
  every: number,
  gc: Collect | undefined = exposedGc(),
): (weight?: number) => void {
  if (gc === undefined) return () => {};
  let units = 0;
  return (weight = 1) => {
    units += weight;
    if (units < every) return;
    units = 0;
    gc();
  };
}

/**
 * Units of native garbage: an admin change leaves 15-80 kB in the edge's isolate (ADMIN_REQUEST units), an
 * admin read about 20 kB over both isolates (ADMIN_READ: its Request, its Response and the JSON it carries),
 * a call to the local user-code host 5-8 kB (its Request, Response, AbortSignal and JSON; USER_CODE_CALL).
 * One full collection every UNITS_PER_COLLECTION units: every 16 admin changes, every 128 reads, every 256
 * user-code calls, or any mix, which bounds the pile between two collections to about 2 MB (2.5 MB for
 * reads alone). With an imposter of 10,000 stubs in the isolate a collection takes tens of milliseconds:
 * about 0.1-0.2 ms per user-code call. Reads weigh less than changes because a test suite polls them
 * (`GET /imposters/:id` for its recorded requests): at 16 units each, a read paid a full collection's share
 * of about 1 ms (a read itself is under 1 ms), and at 4 the two isolates' collections still took a third to
 * half of a read's time. A read's 20 kB are 2.4 units; at 2, workerd's PSS after 3,000 reads was 116.4 MB
 * against 115.6 at 4 (medians of 3), growing no faster (infra/bench/ADMIN-READS.md). Requests an imposter
 * answers by itself are not counted: with 10,000 stubs, one collection every 4,096 of them kept workerd flat
 * under load but cost 25-45 ms each, and one every 32,768 changed nothing (MEMORY.md).
 */
export const UNITS_PER_COLLECTION = 256;
export const ADMIN_REQUEST = 16;
export const ADMIN_READ = 2;
export const USER_CODE_CALL = 1;

/** An admin request's units: a read (GET, HEAD) weighs what it leaves, an eighth of a change. */
export const adminUnits = (method: string): number =>
  method === "GET" || method === "HEAD" ? ADMIN_READ : ADMIN_REQUEST;

/** Characters of an answer's text per unit: about what one unit stands for above. */
export const CHARS_PER_UNIT = 8_192;

/**
 * The units an answer's text adds beyond its request's: workerd copies the text out of V8 and keeps the
 * copy until the Response's wrapper is collected, so a read of a large imposter (10,000 stubs print to
 * megabytes) weighs by its size and brings the next collection that much nearer.
 */
export const textUnits = (chars: number): number => Math.floor(chars / CHARS_PER_UNIT);

/** The isolate's one counter: every module that counts garbage in this isolate shares it. */
export const countGarbage = collectEvery(UNITS_PER_COLLECTION);
