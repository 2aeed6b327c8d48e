import { describe, expect, it } from "vitest";
import { ratioInterval } from "./interval.ts";
import type { BenchRun } from "./report.ts";
import { withIntervals } from "./rerender.ts";
import type { SeriesSummary } from "./stats.ts";

const summary = (key: string, server: SeriesSummary["server"], rps: number[]): SeriesSummary => ({
  key,
  scenario: key,
  title: key,
  server,
  target: server === "direct",
  rps,
  failures: rps.map(() => 0),
  p99Ms: rps.map(() => 1),
  median: 0,
  ratio: 0,
  roundRatio: 0,
  floor: "floor",
});

describe("withIntervals", () => {
  it("gives each series held to a floor the interval of its stored rounds, and none to a floor", () => {
    const floor = [100, 120, 90, 110, 105];
    const platform = [90, 100, 85, 95, 99];
    const run = {
      rounds: 5,
      summaries: [summary("floor", "floor", floor), summary("direct:one", "direct", platform)],
    } as BenchRun;
    const [first, second] = withIntervals(run).summaries;
    expect(first?.ratioInterval).toBeUndefined();
    expect(second?.ratioInterval).toEqual(ratioInterval(platform, floor));
    expect(run.summaries[1]?.ratioInterval).toBeUndefined();
  });
});
