import type { ResponseDescription } from "@mockctl/core";
import type { RouteMemo } from "./route-memo.ts";

/**
 * A full memo that missed this many lookups in a row is asked only every LOOKUP_EVERY-th request until it
 * answers one again: a stream of distinct bodies or query strings would otherwise pay for a key and a
 * failed lookup on every request (about a µs of a body's miss, BODY-PROFILE.md, section 29), while a stream
 * that repeats finds its answers again within LOOKUP_EVERY requests.
 */
export const MISSES_BEFORE_SPARING = 256;
export const LOOKUP_EVERY = 16;

/** Whether to look this request up: always, unless the memo is full and has long stopped finding answers. */
export function worthLooking(memo: RouteMemo): boolean {
  if (!memo.full || memo.misses < MISSES_BEFORE_SPARING) return true;
  if (++memo.passed < LOOKUP_EVERY) return false;
  memo.passed = 0;
  return true;
}

/** The answer remembered under `key`, if any, with the memo's run of misses kept for worthLooking. */
export function lookUp(memo: RouteMemo, key: string): ResponseDescription | undefined {
  const found = memo.answers.get(key);
  memo.misses = found === undefined ? memo.misses + 1 : 0;
  return found;
}
