// How a scenario's load is laid out in time, apart from k6 so the runner and its tests can read it too.

/** Idle time after each segment, so one request's stragglers never overlap the next one's load. */
export const GRACE_MS = 1000;
/** A segment shorter than this measures start-up more than throughput. */
export const MIN_SEGMENT_MS = 1000;

/**
 * @param {string} text a k6-style duration: "20s", "1500ms", "2m" or a bare number of seconds
 * @returns {number} milliseconds
 */
export function parseDurationMs(text) {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(String(text).trim());
  if (match === null) throw new Error(`not a duration: "${text}" (try 20s, 1500ms or 2m)`);
  const scale = { ms: 1, s: 1000, m: 60_000 }[match[2] ?? "s"] ?? 1000;
  return Math.round(Number(match[1]) * scale);
}

/**
 * One time slot per request ("segments": each request alone, so each gets its own throughput) or one slot
 * cycling through all of them ("mix": what a stress test wants). A scenario's duration is shared by its
 * segments, so adding a request to a scenario does not lengthen the whole run.
 * @param {string[]} names
 * @param {"segments" | "mix"} mode
 * @param {number} durationMs
 * @returns {{ name: string, startMs: number, durationMs: number }[]}
 */
export function layout(names, mode, durationMs) {
  if (mode === "mix") return [{ name: "mix", startMs: 0, durationMs }];
  const each = Math.max(MIN_SEGMENT_MS, Math.floor(durationMs / names.length));
  return names.map((name, i) => ({ name, startMs: i * (each + GRACE_MS), durationMs: each }));
}
