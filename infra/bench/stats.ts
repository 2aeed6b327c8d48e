import type { WrkResult } from "./wrk.ts";

/** The acceptance: an imposter at this share of the hello-world Worker's requests per second, or more. */
export const TARGET_RATIO = 0.85;

/**
 * Which server answers: the hello-world floor, the platform as built now (behind the keep-alive relay, as
 * `npm start` serves it), the same platform on workerd's own socket (`direct`, like the floor), the edge at
 * a baseline ref, or the canned-answer server that shows wrk's own ceiling (infra/bench/ceiling.ts).
 */
export type Server = "floor" | "platform" | "direct" | "baseline" | "ceiling";

/** A floor or a target at this share of wrk's ceiling or more is measuring wrk: its row counts for nothing. */
export const GENERATOR_BOUND = 0.8;

/** One thing loaded in every round: a scenario on one server. */
export interface Series {
  key: string;
  scenario: string;
  title: string;
  server: Server;
  /** Counted against TARGET_RATIO (only the platform's target scenarios are). */
  target: boolean;
  runs: WrkResult[];
  /** workerd's CPU µs per request in each run, for a server on workerd's own socket (Servers.workerd). */
  cpuUs?: number[];
  /**
   * The floor's CPU µs per request in a run made just before each of this series' runs. The floor's own
   * cost drifts by a third over minutes on this machine, so a ratio pairs runs seconds apart, not a round's.
   */
  floorCpuUs?: number[];
  /** The key of the floor series this one is read against; the first floor series when absent. */
  floor?: string;
  /** The key of the ceiling series of that floor's requests, when one was measured. */
  ceiling?: string;
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
  /** workerd's CPU µs per request, round by round, when it was read (the floor and the platform on its socket). */
  cpuUs?: number[];
  /** The floor's, in the run just before each of those (Series.floorCpuUs). */
  floorCpuUs?: number[];
  /**
   * The median over rounds of the floor's CPU per request ÷ this one's, each pair run back to back: the share of the
   * floor's rate this server would reach with workerd alone on a core. Informational: the target is `ratio`.
   */
  cpuRatio?: number;
  /** For a target: whether `ratio` (of medians, the acceptance's measure) reaches TARGET_RATIO. */
  met?: boolean;
  /** This series' floor key, and the larger of its own and its floor's median over wrk's ceiling. */
  floor: string;
  ceilingShare?: number;
  /** ceilingShare ≥ GENERATOR_BOUND: wrk, not the server, set the rate; the row is not counted. */
  generatorBound?: boolean;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The middle value itself (the upper of the two middles for an even count, 0 for none): a figure some run
 * actually measured, which the A/B tools print beside each round's.
 */
export function upperMedian(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
}

const failuresOf = (run: WrkResult): number =>
  run.errors.connect + run.errors.read + run.errors.write + run.errors.timeout + run.errors.status;

/** Medians and ratios of every series against its floor series, and of both against wrk's ceiling. */
export function summarize(series: readonly Series[]): SeriesSummary[] {
  const first = series.find((one) => one.server === "floor");
  if (first === undefined) throw new Error("no floor series to compare against");
  const byKey = new Map(series.map((one) => [one.key, one]));
  return series.map((one) => {
    const floor = one.floor === undefined ? first : byKey.get(one.floor);
    if (floor === undefined) throw new Error(`${one.key}: no floor series ${one.floor}`);
    const floorRps = floor.runs.map((run) => run.rps);
    const floorMedian = median(floorRps);
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
      floor: floor.key,
    };
    if (one.cpuUs !== undefined) summary.cpuUs = one.cpuUs;
    if (one.cpuUs !== undefined && one.floorCpuUs !== undefined) {
      const floorCpu = one.floorCpuUs;
      summary.floorCpuUs = floorCpu;
      summary.cpuRatio = median(one.cpuUs.map((us, round) => (floorCpu[round] ?? Number.NaN) / us));
    }
    const ceiling = one.ceiling === undefined ? undefined : byKey.get(one.ceiling);
    if (ceiling !== undefined && one.server !== "ceiling") {
      const top = median(ceiling.runs.map((run) => run.rps));
      summary.ceilingShare = Math.max(summary.median, floorMedian) / top;
      summary.generatorBound = summary.ceilingShare >= GENERATOR_BOUND;
    }
    if (one.target && summary.generatorBound !== true) summary.met = summary.ratio >= TARGET_RATIO;
    return summary;
  });
}
