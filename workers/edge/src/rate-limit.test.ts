import { describe, expect, it } from "vitest";
import { bucketsHeld, rateLimitOf, take } from "./rate-limit.ts";

let next = 0;
/** A bucket name no other case uses: buckets live for the isolate. */
const fresh = () => `rate-limit-test:${next++}`;

describe("the token bucket", () => {
  it("admits a second's worth at once, then refuses with the seconds until a token is back", () => {
    const name = fresh();
    const taken = Array.from({ length: 4 }, () => take(name, 3, 1_000));
    expect(taken).toEqual([0, 0, 0, 1]);
  });

  it.each([
    // [limit, ms after the burst, admitted again]
    [10, 99, false], // a token takes 100 ms to come back
    [10, 100, true],
    [2, 499, false],
    [2, 500, true],
  ])("at %i/s refills continuously: %i ms later admitted is %s", (limit, later, admitted) => {
    const name = fresh();
    for (let i = 0; i < limit; i++) expect(take(name, limit, 5_000)).toBe(0);
    expect(take(name, limit, 5_000 + later) === 0).toBe(admitted);
  });

  it("never holds more than the burst, however long the imposter was idle", () => {
    const name = fresh();
    take(name, 2, 0);
    expect([take(name, 2, 60_000), take(name, 2, 60_000), take(name, 2, 60_000)]).toEqual([0, 0, 1]);
  });

  it("asks for more than a second when the limit is below one a second", () => {
    const name = fresh();
    expect([take(name, 0.25, 0), take(name, 0.25, 0)]).toEqual([0, 4]);
  });

  it("counts each imposter on its own", () => {
    const [a, b] = [fresh(), fresh()];
    expect([take(a, 1, 0), take(a, 1, 0), take(b, 1, 0)]).toEqual([0, 1, 0]);
  });
});

describe("RATE_LIMIT_RPS", () => {
  it.each([
    ["1000", 1000],
    ["2.5", 2.5],
    ["0", 0],
    ["", 0],
    ["-3", 0],
    ["many", 0],
  ])("%j is a limit of %d a second (0: off)", (value, limit) => {
    expect(rateLimitOf({ RATE_LIMIT_RPS: value } as Env)).toBe(limit);
  });
});

describe("many imposters", () => {
  it("holds at most 10,000 buckets, dropping full ones first, so an isolate's memory stays bounded", () => {
    const busy = Array.from({ length: 10_050 }, fresh);
    for (const name of busy) take(name, 1, 0);
    expect(bucketsHeld()).toBeLessThanOrEqual(10_000);
    // A second later every bucket is full again: the next new name sweeps them all.
    while (bucketsHeld() < 10_000) take(fresh(), 1, 0);
    take(fresh(), 1, 1_000);
    expect(bucketsHeld()).toBe(1);
  });
});
