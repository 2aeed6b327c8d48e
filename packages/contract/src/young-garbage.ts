/**
 * Short pauses of V8's young generation for the local platform, at the request rates a service under test
 * sends its mocks (issue 8: our p99 at or below Mountebank's at every rate it can serve).
 *
 * Every request workerd serves leaves about six handles to the wrappers of its native objects, the same in a
 * hello-world Worker. A scavenge must process each young one, so one scavenge of the edge's 1 MB semi-space
 * (about 700 requests' worth) held the isolate 5-6 ms, and each request that arrived meanwhile waited: at
 * 1,000 req/s that set the whole p99 (infra/bench/tail-hops/README.md, "Young-generation pauses"). A minor
 * collection every REQUESTS_PER_MINOR requests does the same work in pauses of about 1 ms, for the same total
 * time. At most one per MIN_GAP_MS. Above SATURATED_RPS the semi-space fills before the gap has passed and
 * V8's own schedule stands, so none is asked for: there each forced one was a scavenge on top of V8's own,
 * which promoted the objects of the requests in flight to the old generation, where only a full collection
 * frees them (infra/bench/BODY-PROFILE.md, section 29).
 *
 * `gc` exists only where V8 runs with `--expose-gc`: the local platform's workerd (infra/local/build.ts).
 * On Cloudflare it is undefined and the counter never asks for a collection.
 */
import { exposedGc } from "./native-garbage.ts";

export const REQUESTS_PER_MINOR = 100;
export const MIN_GAP_MS = 100;
/** About a 1 MB semi-space's worth of requests per MIN_GAP_MS (a request leaves 1.4-4 KB of young garbage). */
export const SATURATED_RPS = 7_000;

export type MinorCollection = () => void;

/** V8's minor collection (`gc({ type: "minor" })`) when workerd exposes `gc`, else undefined. */
export function exposedMinorGc(): MinorCollection | undefined {
  const gc = exposedGc() as ((options: { type: "minor" }) => void) | undefined;
  return gc === undefined ? undefined : () => gc({ type: "minor" });
}

/**
 * A request counter: called once per request, it hands back the collection to run once that request is
 * answered (the caller defers it, so it pauses no request of its own), or undefined.
 */
export function youngCollector(
  every: number,
  minGapMs: number,
  collect: MinorCollection | undefined = exposedMinorGc(),
  clock: () => number = Date.now,
  saturatedRps: number = SATURATED_RPS,
): () => MinorCollection | undefined {
  if (collect === undefined) return () => undefined;
  // Within `every` requests of this many ms, they came faster than saturatedRps.
  const saturatedMs = (every * 1_000) / saturatedRps;
  let requests = 0;
  let counted = clock();
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    if (++requests < every) return undefined;
    const now = clock();
    if (requests === every && now - counted < saturatedMs) {
      requests = 0;
      counted = now;
      return undefined;
    }
    if (now - last < minGapMs) return undefined;
    requests = 0;
    counted = now;
    last = now;
    return collect;
  };
}
