import { describe, expect, it } from "vitest";
import { median, type Series, summarize, upperMedian } from "./stats.ts";
import type { WrkResult } from "./wrk.ts";

const run = (rps: number, status = 0): WrkResult => ({
  rps,
  requests: rps * 10,
  durationUs: 10_000_000,
  bytes: 0,
  errors: { connect: 0, read: 0, write: 0, status, timeout: 0 },
  latencyUs: { mean: 0, p50: 0, p99: 2_500, max: 0 },
});

const series = (key: string, server: Series["server"], target: boolean, rps: number[]): Series => ({
  key,
  scenario: key,
  title: key,
  server,
  target,
  runs: rps.map((value) => run(value)),
});

describe("median", () => {
  it.each([
    [[3], 3],
    [[5, 1, 3], 3],
    [[4, 1, 3, 2], 2.5],
  ])("of %j is %d", (values, expected) => {
    expect(median(values)).toBe(expected);
  });

  it("of nothing is NaN", () => {
    expect(median([])).toBeNaN();
  });
});

describe("upperMedian", () => {
  it.each([
    [[], 0],
    [[3], 3],
    [[5, 1, 3], 3],
    [[4, 1, 3, 2], 3],
    [[2.5, 9, 0.5, 7], 7],
  ])("of %j is %d, a value of the list", (values, expected) => {
    expect(upperMedian(values)).toBe(expected);
  });

  it("leaves its input unsorted", () => {
    const values = [3, 1, 2];
    upperMedian(values);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe("summarize", () => {
  it("compares medians with the floor's, and rounds with the same round's floor", () => {
    const [floor, near, far] = summarize([
      series("floor", "floor", false, [100, 200, 150]),
      series("near", "platform", true, [90, 160, 130]),
      series("far", "platform", true, [50, 100, 75]),
    ]);
    expect(floor?.ratio).toBe(1);
    expect(near).toMatchObject({ median: 130, met: true });
    expect(near?.ratio).toBeCloseTo(130 / 150);
    expect(near?.roundRatio).toBeCloseTo(130 / 150); // rounds: 0.9, 0.8, 0.867
    expect(far).toMatchObject({ median: 75, ratio: 0.5, roundRatio: 0.5, met: false });
    expect(far?.p99Ms).toEqual([2.5, 2.5, 2.5]);
  });

  it("judges only target series, and counts failed requests per round", () => {
    const info = series("info", "baseline", false, [10]);
    info.runs[0] = run(10, 3);
    const [, summary] = summarize([series("floor", "floor", false, [100]), info]);
    expect(summary?.met).toBeUndefined();
    expect(summary?.failures).toEqual([3]);
  });

  it("sums the failures by wrk's kind over the rounds, leaving out the kinds that did not occur", () => {
    const failing = series("failing", "platform", true, [10, 10, 10]);
    failing.runs[0] = { ...run(10), errors: { connect: 0, read: 1, write: 0, status: 0, timeout: 4 } };
    failing.runs[2] = { ...run(10), errors: { connect: 0, read: 0, write: 0, status: 0, timeout: 2 } };
    const [floor, summary] = summarize([series("floor", "floor", false, [100, 100, 100]), failing]);
    expect(summary?.failures).toEqual([5, 0, 2]);
    expect(summary?.failedBy).toEqual({ read: 1, timeout: 6 });
    expect(floor?.failedBy).toBeUndefined();
  });

  it("reads a series against its own floor, and sets aside one whose floor is near wrk's ceiling", () => {
    const body = { ...series("p-body", "platform", true, [45, 40]), floor: "post", ceiling: "top-post" };
    const get = { ...series("p-get", "platform", true, [90, 90]), floor: "get", ceiling: "top-get" };
    const [, , , , bodySummary, getSummary] = summarize([
      series("get", "floor", false, [100, 100]),
      series("post", "floor", false, [50, 50]),
      series("top-get", "ceiling", false, [110, 110]),
      series("top-post", "ceiling", false, [500, 500]),
      body,
      get,
    ]);
    expect(bodySummary).toMatchObject({ floor: "post", ratio: 42.5 / 50, met: true, generatorBound: false });
    expect(bodySummary?.ceilingShare).toBeCloseTo(0.1);
    // The GET floor runs at 91% of what wrk can send: 0.9 of it says nothing of the platform.
    expect(getSummary).toMatchObject({ ratio: 0.9, generatorBound: true });
    expect(getSummary?.met).toBeUndefined();
  });

  it("needs a floor to compare against", () => {
    expect(() => summarize([series("x", "platform", true, [1])])).toThrow(/floor/);
  });
});

describe("summarize, with workerd's CPU per request", () => {
  it("pairs each run's CPU with the floor run made just before it, and leaves servers without it alone", () => {
    // The floor's own rounds are not what the ratio reads: they ran minutes away.
    const floor = { ...series("floor", "floor", false, [100, 100, 100]), cpuUs: [50, 50, 50] };
    const direct = {
      ...series("direct:a", "direct", true, [90, 90, 90]),
      cpuUs: [125, 250, 200],
      floorCpuUs: [100, 200, 100],
      floor: "floor",
    };
    const relayed = { ...series("platform:a", "platform", false, [80, 80, 80]), floor: "floor" };
    const [, onSocket, behindRelay] = summarize([floor, direct, relayed]);
    // Pairs 0.8, 0.8, 0.5: the median of the paired ratios, not a ratio of medians.
    expect(onSocket?.cpuRatio).toBeCloseTo(0.8);
    expect(onSocket?.cpuUs).toEqual([125, 250, 200]);
    expect(onSocket?.floorCpuUs).toEqual([100, 200, 100]);
    expect(behindRelay?.cpuRatio).toBeUndefined();
    expect(behindRelay?.cpuUs).toBeUndefined();
  });

  it("reads a run against the floor sent the same requests, pair by pair, and prices those requests", () => {
    const floor = { ...series("floor", "floor", false, [100, 100, 100]), cpuUs: [50, 50, 50] };
    const direct = {
      ...series("direct:a", "direct", true, [90, 80, 60]),
      cpuUs: [60, 64, 80],
      floorCpuUs: [50, 48, 60],
      // The same floor Worker on the scenario's own requests: slower and dearer than on its shape's.
      sameRequests: { rps: [100, 100, 50], cpuUs: [55, 60, 60] },
      floor: "floor",
    };
    const [, onSocket] = summarize([floor, direct]);
    expect(onSocket?.sameRequests).toMatchObject({ rps: [100, 100, 50], cpuUs: [55, 60, 60] });
    // Rates 0.9, 0.8, 1.2; CPU 55÷60, 60÷64, 60÷80; the requests' cost 50÷55, 48÷60, 60÷60.
    expect(onSocket?.sameRequests?.ratio).toBeCloseTo(0.9);
    expect(onSocket?.sameRequests?.cpuRatio).toBeCloseTo(0.9166, 3);
    expect(onSocket?.sameRequests?.shapeCpuRatio).toBeCloseTo(0.909, 3);
    // The judged reading is still against the floor of the shape.
    expect(onSocket?.ratio).toBeCloseTo(0.8);
    expect(summarize([floor, { ...direct, sameRequests: undefined }])[1]?.sameRequests).toBeUndefined();
  });
});
