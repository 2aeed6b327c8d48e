import { describe, expect, it } from "vitest";
import { notPoolable, poolRuns } from "./pool.ts";
import { renderPooled } from "./pool-report.ts";
import type { BenchRun } from "./report.ts";
import type { SeriesSummary } from "./stats.ts";

const floor = (rps: number[]): SeriesSummary => ({
  key: "floor-get",
  scenario: "floor-get",
  title: "GET floor",
  server: "floor",
  target: false,
  rps,
  failures: rps.map(() => 0),
  p99Ms: rps.map(() => 1),
  median: 0,
  ratio: 1,
  roundRatio: 1,
  floor: "floor-get",
});

const target = (rps: number[], ratio: number, extra: Partial<SeriesSummary> = {}): SeriesSummary => ({
  ...floor(rps),
  key: "direct:header-routing",
  scenario: "header-routing",
  title: "header routing",
  server: "direct",
  target: true,
  ratio,
  ...extra,
});

const benchRun = (summaries: SeriesSummary[], changes: Partial<BenchRun> = {}): BenchRun => ({
  date: "2026-11-30T05:00:00.000Z",
  machine: { cpu: "AMD EPYC", cores: 2, node: "v20", workerd: "1", wrk: "wrk", loadStart: [1, 1, 1] },
  tool: "wrk",
  flags: "-t1 -c50 -d5s",
  warmupSeconds: 2,
  rounds: summaries[0]?.rps.length ?? 0,
  edge: { platform: "4bd9baa" },
  scenarios: [],
  summaries,
  ...changes,
});

describe("poolRuns", () => {
  const first = benchRun([
    floor([100, 100, 100]),
    target([80, 90, 95], 0.9, { cpuUs: [50, 50, 50], floorCpuUs: [45, 40, 45] }),
  ]);
  const second = benchRun([floor([120, 110, 100]), target([90, 100, 110], 0.91)]);

  it("reads every round of every run as one run: the ratio of the pooled medians", () => {
    const [row] = poolRuns([first, second]);
    // Rates 80 90 90 95 100 110 (median 92.5) over floors 100 100 100 100 110 120 (median 100).
    expect(row).toMatchObject({
      key: "direct:header-routing",
      runs: 2,
      rounds: 6,
      median: 92.5,
      floorMedian: 100,
    });
    expect(row?.ratio).toBeCloseTo(0.925);
    expect(row?.met).toBe(true);
    expect(row?.perRun).toEqual([0.9, 0.91]);
  });

  it("gives the pooled ratio an interval from its rounds, which holds it", () => {
    const [row] = poolRuns([first, second]);
    const ratio = row?.ratio ?? Number.NaN;
    const { low, high } = row?.interval ?? { low: Number.NaN, high: Number.NaN };
    expect(low).toBeLessThanOrEqual(ratio);
    expect(high).toBeGreaterThanOrEqual(ratio);
    expect(high).toBeGreaterThan(low);
    const [alone] = poolRuns([first]);
    expect(alone?.interval).toBeUndefined();
  });

  it("pairs each round with its own run's floor, and CPU only where it was read", () => {
    const [row] = poolRuns([first, second]);
    // Round ratios 0.8 0.9 0.95 0.75 0.909 1.1: median (0.9 + 0.909) / 2.
    expect(row?.roundRatio).toBeCloseTo((0.9 + 100 / 110) / 2);
    // Pairs from the first run only: 0.9, 0.8, 0.9.
    expect(row?.cpuRatio).toBeCloseTo(0.9);
  });

  it("misses a target whose pooled ratio is under 0.85 even when one run met it", () => {
    const low = benchRun([floor([100, 100, 100]), target([60, 70, 75], 0.7)]);
    const [row] = poolRuns([low, second]);
    // Rates 60 70 75 90 100 110 (median 82.5) over floors 100 100 100 100 110 120.
    expect(row?.ratio).toBeCloseTo(0.825);
    expect(row?.met).toBe(false);
  });

  it("does not count a row that reached wrk's ceiling in any run", () => {
    const bound = benchRun([floor([100]), target([99], 0.99, { generatorBound: true })]);
    const [row] = poolRuns([first, bound]);
    expect(row?.generatorBound).toBe(true);
    expect(row?.met).toBeUndefined();
  });

  it("pools a target over the runs that measured it", () => {
    const floorOnly = benchRun([floor([100, 100, 100])]);
    const [row] = poolRuns([floorOnly, first]);
    expect(row).toMatchObject({ runs: 1, rounds: 3, median: 90 });
  });
});

describe("notPoolable", () => {
  const run = benchRun([floor([1]), target([1], 1)]);
  const same = () => true;

  it.each<[string, Partial<BenchRun>, string]>([
    ["another machine", { machine: { ...run.machine, cpu: "Intel Xeon" } }, "another machine"],
    ["other flags", { flags: "-t1 -c50 -d10s" }, "other wrk flags"],
    ["another warm-up", { warmupSeconds: 1 }, "other wrk flags"],
    ["a rest between warm-up and run", { restSeconds: 6 }, "another rest"],
    ["uncommitted changes", { edge: { platform: "4bd9baa + uncommitted changes" } }, "uncommitted"],
    ["a baseline", { edge: { platform: "4bd9baa", baseline: "cbda719" } }, "baseline"],
  ])("refuses %s", (_, changes, reason) => {
    expect(notPoolable([run, { ...run, ...changes }], same)).toContain(reason);
  });

  it("refuses commits that serve other code, and takes the same tree", () => {
    const later = { ...run, edge: { platform: "857d504" } };
    expect(notPoolable([run, later], (a, b) => a === b)).toContain("other code");
    expect(notPoolable([run, later], same)).toBeUndefined();
    expect(notPoolable([], same)).toBe("no runs given");
  });
});

describe("renderPooled", () => {
  it("names every run and says how many targets met 0.85", () => {
    const runs = [benchRun([floor([100]), target([90], 0.9)]), benchRun([floor([100]), target([80], 0.8)])];
    const text = renderPooled(runs, ["a", "b"], poolRuns(runs));
    expect(text).toContain("| 2 | `b` | 2026-11-30 05:00 | 4bd9baa | 1 | 1.00 → n/a |");
    expect(text).toContain(
      "| header routing | 2 | 2 | 85 | 100 | **0.85** |  | 0.85 |  | 0.90 / 0.80 | **met** |",
    );
    expect(text).toContain("1 of 1 counted targets");
  });
});
