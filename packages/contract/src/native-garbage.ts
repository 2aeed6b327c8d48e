/**
 * Collecting the garbage workerd keeps outside V8's heap, for the local platform (issues 8 and 16).
 *
 * workerd frees the native side of a Request, Response or Headers (its C++ object, and a string body it
 * copied out of V8) only when V8 collects the small JS object that wraps it; V8 decides when to collect by
 * its own heap, which those wrappers hardly grow. Each request through a service binding leaves 15-20 kB
 * so, and an admin change with its storage calls up to 80 kB, until a full collection that may not come for
 * thousands of requests. workerd's allocator (tcmalloc, linked into the binary, without its background
 * release) never gives freed memory back to the system, so whatever piles up between two collections stays
 * as the process's size for good (infra/bench/MEMORY.md). A full collection every few admin requests keeps
 * the pile small.
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
 * A counter that runs `gc` on every `every`th tick: call it once per request that leaves native garbage.
 * It collects before the request it counts, so that request's own objects are not yet garbage.
 */
export function collectEvery(every: number, gc: Collect | undefined = exposedGc()): () => void {
  if (gc === undefined) return () => {};
  let ticks = 0;
  return () => {
    ticks = (ticks + 1) % every;
    if (ticks === 0) gc();
  };
}

/**
 * Admin requests between two full collections in each of the platform's isolates. A collection of the edge's
 * isolate with an imposter of 10,000 stubs takes tens of milliseconds; one in 16 admin requests bounds the
 * pile to about 1 MB (16 × up to 80 kB) at a small cost per request.
 */
export const ADMIN_REQUESTS_PER_COLLECTION = 16;
