import { createEngine } from "@mockctl/core";
import { describe, expect, it } from "vitest";
import { LOOKUP_EVERY, lookUp, MISSES_BEFORE_SPARING, worthLooking } from "./memo-lookups.ts";
import { MEMO_LIMIT, memoFor, type RouteMemo, remember } from "./route-memo.ts";

const fixed = Object.freeze({ statusCode: 200, headers: Object.freeze({}), body: "" });

/** A memo of its own: each engine has one. */
const empty = (): RouteMemo => {
  const memo = memoFor(createEngine({ protocol: "http", port: 4545, stubs: [] }));
  if (memo === null) throw new Error("an imposter without stubs has a memo");
  return memo;
};

describe("sparing the lookups of a full memo that keeps missing", () => {
  /** How many of `requests` requests worthLooking lets look, each missing unless `hits` says otherwise. */
  function looks(memo: RouteMemo, requests: number, hits = (_: number) => false): number {
    let looked = 0;
    for (let i = 0; i < requests; i++) {
      if (!worthLooking(memo)) continue;
      looked++;
      lookUp(memo, hits(i) ? "GET /kept" : `GET /${i}`);
    }
    return looked;
  }
  const fullMemo = (): RouteMemo => {
    const memo = empty();
    for (let i = 0; i <= MEMO_LIMIT; i++) remember(memo, i === 0 ? "GET /kept" : `GET /k${i}`, fixed);
    return memo;
  };

  it("looks every request up while the memo has room, however many miss", () => {
    expect(looks(empty(), 10_000)).toBe(10_000);
  });

  it("looks up one request in LOOKUP_EVERY once a full memo missed MISSES_BEFORE_SPARING in a row", () => {
    const memo = fullMemo();
    const after = 16 * LOOKUP_EVERY;
    expect(looks(memo, MISSES_BEFORE_SPARING + after)).toBe(MISSES_BEFORE_SPARING + 16);
  });

  it("looks every request up again once a spared lookup finds an answer", () => {
    const memo = fullMemo();
    looks(memo, MISSES_BEFORE_SPARING + 4 * LOOKUP_EVERY);
    // From now on every request repeats a remembered one: the first lookup allowed finds it.
    expect(looks(memo, LOOKUP_EVERY + 100, () => true)).toBeGreaterThanOrEqual(100);
    expect(memo.misses).toBe(0);
  });

  it("keeps looking while hits break the run of misses", () => {
    const memo = fullMemo();
    const requests = 10 * MISSES_BEFORE_SPARING;
    expect(looks(memo, requests, (i) => i % (MISSES_BEFORE_SPARING - 1) === 0)).toBe(requests);
  });
});
