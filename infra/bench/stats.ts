import { type Interval, ratioInterval } from "./interval.ts";
import { median } from "./median.ts";
import type { WrkResult } from "./wrk.ts";

export { median, upperMedian } from "./median.ts";

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
  /**
   * The floor Worker sent this scenario's own requests (its path, headers and body), in a run just before each
   * of this series' runs: what the runtime alone spends on exactly these requests.
   */
  sameRequests?: SameRequests;
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
  /** Those failures over every round by wrk's kind, the kinds that occurred only: a reset is not a timeout. */
  failedBy?: FailureKinds;
  /**
   * wrk's p99 per round. wrk adds samples for coordinated omission before it reports: each answer slower than
   * twice a connection's mean interval stands for the requests that connection did not send meanwhile. One
   * stall of 300 ms among 20,000 requests a second thus fills a tail of its own: a reading of stalls, not of
   * the answers (BODY-PROFILE.md, section 41).
   */
  p99Ms: number[];
  median: number;
  /** median / the floor's median. */
  ratio: number;
  /** The median of this round's rps / the floor's rps in the same round: steadier on a noisy machine. */
  roundRatio: number;
  /**
   * Where `ratio` could lie, drawn from the rounds again (interval.ts); for a server held to a floor, from
   * INTERVAL_MIN_ROUNDS rounds up.
   */
  ratioInterval?: Interval;
  /** workerd's CPU µs per request, round by round, when it was read (the floor and the platform on its socket). */
  cpuUs?: number[];
  /** The floor's, in the run just before each of those (Series.floorCpuUs). */
  floorCpuUs?: number[];
  /**
   * The median over rounds of the floor's CPU per request ÷ this one's, each pair run back to back: the share of the
   * floor's rate this server would reach with workerd alone on a core. Informational: the target is `ratio`.
   */
  cpuRatio?: number;
  /** Beside the floor of its shape, the floor sent this scenario's own requests (Series.sameRequests). */
  sameRequests?: SameRequestsSummary;
  /** For a target: whether `ratio` (of medians, the acceptance's measure) reaches TARGET_RATIO. */
  met?: boolean;
  /** This series' floor key, and the larger of its own and its floor's median over wrk's ceiling. */
  floor: string;
  ceilingShare?: number;
  /** ceilingShare ≥ GENERATOR_BOUND: wrk, not the server, set the rate; the row is not counted. */
  generatorBound?: boolean;
}

/** The floor Worker's runs on a scenario's own requests, each paired with one of the scenario's runs. */
export interface SameRequests {
  rps: number[];
  cpuUs: number[];
}

export interface SameRequestsSummary extends SameRequests {
  /** The median over rounds of this server's rate ÷ that floor's in the run just before. */
  ratio: number;
  /** The median over rounds of that floor's CPU per request ÷ this server's. */
  cpuRatio: number;
  /**
   * The median over rounds of that floor's CPU per request ÷ the floor's on its shape's requests: below 1
   * when the requests themselves (a longer path, more headers, a rotation) cost the runtime more.
   */
  shapeCpuRatio: number;
}

/** The ratio of each pair of runs, round by round (NaN where `under` has no run for the round). */
export const pairRatios = (over: readonly number[], under: readonly number[]): number[] =>
  over.map((value, round) => value / (under[round] ?? Number.NaN));

/** The median of the ratios of runs paired round by round, not a ratio of medians. */
const pairedRatio = (over: readonly number[], under: readonly number[]): number =>
  median(pairRatios(over, under));

function sameRequestsOf(one: Series): SameRequestsSummary | undefined {
  const same = one.sameRequests;
  if (same === undefined) return undefined;
  const rps = one.runs.map((run) => run.rps);
  return {
    ...same,
    ratio: pairedRatio(rps, same.rps),
    cpuRatio: one.cpuUs === undefined ? Number.NaN : pairedRatio(same.cpuUs, one.cpuUs),
    shapeCpuRatio: one.floorCpuUs === undefined ? Number.NaN : pairedRatio(one.floorCpuUs, same.cpuUs),
  };
}

const failuresOf = (run: WrkResult): number =>
  run.errors.connect + run.errors.read + run.errors.write + run.errors.timeout + run.errors.status;

export type FailureKinds = Partial<WrkResult["errors"]>;

/** The rounds' failures summed by kind, leaving out the kinds that did not occur; undefined for none. */
function failureKinds(runs: readonly WrkResult[]): FailureKinds | undefined {
  const kinds: FailureKinds = {};
  for (const run of runs) {
    for (const [kind, count] of Object.entries(run.errors) as Array<[keyof WrkResult["errors"], number]>) {
      if (count > 0) kinds[kind] = (kinds[kind] ?? 0) + count;
    }
  }
  return Object.keys(kinds).length === 0 ? undefined : kinds;
}

/** The interval of a series' ratio to its floor (interval.ts); none for a floor or a ceiling, held to none. */
export const intervalAgainstFloor = (
  server: Server,
  rps: readonly number[],
  floorRps: readonly number[],
): Interval | undefined =>
  server === "floor" || server === "ceiling" ? undefined : ratioInterval(rps, floorRps);

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
      roundRatio: pairedRatio(rps, floorRps),
      floor: floor.key,
    };
    const interval = intervalAgainstFloor(one.server, rps, floorRps);
    if (interval !== undefined) summary.ratioInterval = interval;
    const failedBy = failureKinds(one.runs);
    if (failedBy !== undefined) summary.failedBy = failedBy;
    if (one.cpuUs !== undefined) summary.cpuUs = one.cpuUs;
    if (one.cpuUs !== undefined && one.floorCpuUs !== undefined) {
      const floorCpu = one.floorCpuUs;
      summary.floorCpuUs = floorCpu;
      summary.cpuRatio = pairedRatio(floorCpu, one.cpuUs);
    }
    const same = sameRequestsOf(one);
    if (same !== undefined) summary.sameRequests = same;
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
