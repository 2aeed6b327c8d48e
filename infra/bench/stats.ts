import type { WrkResult } from "./wrk.ts";

/** The acceptance: an imposter at this share of the hello-world Worker's requests per second, or more. */
export const TARGET_RATIO = 0.85;

/** Which server answers: the hello-world floor, the platform as built now, or the edge at a baseline ref. */
export type Server = "floor" | "platform" | "baseline";

/** One thing loaded in every round: a scenario on one server. */
export interface Series {
  key: string;
  scenario: string;
  title: string;
  server: Server;
  /** Counted against TARGET_RATIO (only the platform's target scenarios are). */
  target: boolean;
  runs: WrkResult[];
}

export interface SeriesSummary {
  key: string;
  scenario: string;
  title: string;
  server: Server;
  target: boolean;
  rps: number[];
  /** Failed requests per round: socket errors plus non-2xx/3xx answers. */
  failures: number[];
  p99Ms: number[];
  median: number;
  /** median / the floor's median. */
  ratio: number;
  /** The median of this round's rps / the floor's rps in the same round: steadier on a noisy machine. */
  roundRatio: number;
  /** For a target: whether `ratio` (of medians, the acceptance's measure) reaches TARGET_RATIO. */
  met?: boolean;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const failuresOf = (run: WrkResult): number =>
  run.errors.connect + run.errors.read + run.errors.write + run.errors.timeout + run.errors.status;

/** Medians and ratios of every series against the series whose server is the floor. */
export function summarize(series: readonly Series[]): SeriesSummary[] {
  const floor = series.find((one) => one.server === "floor");
  if (floor === undefined) throw new Error("no floor series to compare against");
  const floorRps = floor.runs.map((run) => run.rps);
  const floorMedian = median(floorRps);
  return series.map((one) => {
    const rps = one.runs.map((run) => run.rps);
    const summary: SeriesSummary = {
      key: one.key,
      scenario: one.scenario,
      title: one.title,
      server: one.server,
      target: one.target,
      rps,
      failures: one.runs.map(failuresOf),
      p99Ms: one.runs.map((run) => run.latencyUs.p99 / 1000),
      median: median(rps),
      ratio: median(rps) / floorMedian,
      roundRatio: median(rps.map((value, round) => value / (floorRps[round] ?? Number.NaN))),
    };
    if (one.target) summary.met = summary.ratio >= TARGET_RATIO;
    return summary;
  });
}
