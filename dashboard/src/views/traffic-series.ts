import { fromEarlierStubs, type JournalEntry } from "../api/types.ts";

export interface TrafficSeries {
  /** Minute buckets "HH:MM", oldest first, gaps included (at most the last MAX_MINUTES). */
  minutes: string[];
  perMinute: number[];
  /**
   * Hits per stub index, then one bar for requests no stub matched, then those answered by stubs as they
   * were before the last change (their index is not today's), then unknown.
   */
  stubLabels: string[];
  stubHits: number[];
}

const MINUTE = 60_000;
const MAX_MINUTES = 120;

const label = (at: number) => new Date(at).toISOString().slice(11, 16);

/** Counts the journal by minute and by the stub that answered; `version` is the stub list's shown. */
export function trafficSeries(
  entries: readonly JournalEntry[],
  stubCount: number,
  version?: number,
): TrafficSeries {
  const byMinute = new Map<number, number>();
  const hits = new Array<number>(stubCount).fill(0);
  let misses = 0;
  let unknown = 0;
  let earlier = 0;
  for (const entry of entries) {
    const at = Date.parse(entry.at);
    if (!Number.isNaN(at)) {
      const bucket = Math.floor(at / MINUTE) * MINUTE;
      byMinute.set(bucket, (byMinute.get(bucket) ?? 0) + 1);
    }
    if (entry.stubIndex === null) misses++;
    else if (fromEarlierStubs(entry, version)) earlier++;
    else if (entry.stubIndex === undefined || entry.stubIndex >= stubCount) unknown++;
    else hits[entry.stubIndex] = (hits[entry.stubIndex] ?? 0) + 1;
  }
  const buckets = [...byMinute.keys()];
  const last = Math.max(...buckets);
  const first = Math.max(Math.min(...buckets), last - (MAX_MINUTES - 1) * MINUTE);
  const minutes: string[] = [];
  const perMinute: number[] = [];
  for (let at = first; buckets.length > 0 && at <= last; at += MINUTE) {
    minutes.push(label(at));
    perMinute.push(byMinute.get(at) ?? 0);
  }
  const stubLabels = hits.map((_, index) => `#${index}`);
  return {
    minutes,
    perMinute,
    stubLabels: [
      ...stubLabels,
      "no match",
      ...(earlier > 0 ? ["earlier stubs"] : []),
      ...(unknown > 0 ? ["unknown"] : []),
    ],
    stubHits: [...hits, misses, ...(earlier > 0 ? [earlier] : []), ...(unknown > 0 ? [unknown] : [])],
  };
}
