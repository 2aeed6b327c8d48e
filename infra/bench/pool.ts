import { type Interval, ratioInterval } from "./interval.ts";
import type { BenchRun } from "./report.ts";
import { median, pairRatios, type SeriesSummary, TARGET_RATIO } from "./stats.ts";

/**
 * A target's rounds from several runs of one tree, read as one longer run. On this shared machine a median
 * of five rounds moves by ±0.05 between runs twenty minutes apart (BODY-PROFILE.md, section 26), which is
 * as wide as the margin a row has over the target: every run on the tree, pooled, is the steadier reading.
 */
export interface PooledRow {
  key: string;
  title: string;
  /** How many of the runs measured this target, and how many rounds they hold between them. */
  runs: number;
  rounds: number;
  /** The median of every round's rate, and of every round of its floor in the same runs. */
  median: number;
  floorMedian: number;
  /** median ÷ floorMedian: the acceptance's measure, over the pooled rounds. */
  ratio: number;
  /** The median over every round of the rate ÷ the floor's in the same round. */
  roundRatio: number;
  /** Where `ratio` could lie, from the pooled rounds drawn again (interval.ts). */
  interval?: Interval;
  /** The median over every pair of the floor's CPU per request ÷ this target's, when read. */
  cpuRatio?: number;
  /** Each run's own ratio of medians, in the order of the runs. */
  perRun: number[];
  /** A run had this row or its floor at wrk's ceiling: it counts for nothing. */
  generatorBound: boolean;
  met?: boolean;
}

const bySummaryKey = (run: BenchRun) => new Map(run.summaries.map((one) => [one.key, one]));

/** The floor's CPU per request ÷ this one's, pair by pair, where both were read. */
const cpuPairs = ({ cpuUs, floorCpuUs }: SeriesSummary): number[] =>
  cpuUs === undefined || floorCpuUs === undefined ? [] : pairRatios(floorCpuUs, cpuUs);

function poolTarget(runs: readonly BenchRun[], key: string): PooledRow {
  const rps: number[] = [];
  const floorRps: number[] = [];
  const roundRatios: number[] = [];
  const cpuRatios: number[] = [];
  const perRun: number[] = [];
  let title = key;
  let generatorBound = false;
  for (const run of runs) {
    const summaries = bySummaryKey(run);
    const one = summaries.get(key);
    if (one === undefined) continue;
    const floor = summaries.get(one.floor);
    if (floor === undefined) throw new Error(`${run.date}: ${key} has no floor series ${one.floor}`);
    title = one.title;
    rps.push(...one.rps);
    floorRps.push(...floor.rps);
    roundRatios.push(...pairRatios(one.rps, floor.rps));
    cpuRatios.push(...cpuPairs(one));
    perRun.push(one.ratio);
    generatorBound ||= one.generatorBound === true;
  }
  const row: PooledRow = {
    key,
    title,
    runs: perRun.length,
    rounds: rps.length,
    median: median(rps),
    floorMedian: median(floorRps),
    ratio: median(rps) / median(floorRps),
    roundRatio: median(roundRatios),
    perRun,
    generatorBound,
  };
  if (cpuRatios.length > 0) row.cpuRatio = median(cpuRatios);
  const interval = ratioInterval(rps, floorRps);
  if (interval !== undefined) row.interval = interval;
  if (!generatorBound) row.met = row.ratio >= TARGET_RATIO;
  return row;
}

/** Every target any of the runs measured, pooled, in the order they first appear. */
export function poolRuns(runs: readonly BenchRun[]): PooledRow[] {
  const keys = new Set(
    runs.flatMap((run) => run.summaries.filter((one) => one.target).map((one) => one.key)),
  );
  return [...keys].map((key) => poolTarget(runs, key));
}

/** Why these runs cannot be pooled (another machine, other wrk flags, a changed tree), or undefined. */
export function notPoolable(
  runs: readonly BenchRun[],
  sameTree: (a: string, b: string) => boolean,
): string | undefined {
  const [first, ...rest] = runs;
  if (first === undefined) return "no runs given";
  for (const run of [first, ...rest]) {
    if (run.edge.platform.includes("uncommitted")) return `${run.date}: measured with uncommitted changes`;
    if (run.edge.baseline !== undefined) return `${run.date}: has a baseline edge, whose rows are not pooled`;
  }
  for (const run of rest) {
    if (run.machine.cpu !== first.machine.cpu || run.machine.cores !== first.machine.cores)
      return `${run.date}: another machine (${run.machine.cpu}, ${run.machine.cores} cores)`;
    if (run.flags !== first.flags || run.warmupSeconds !== first.warmupSeconds)
      return `${run.date}: other wrk flags (${run.flags}, ${run.warmupSeconds} s warm-up)`;
    if (run.restSeconds !== first.restSeconds)
      return `${run.date}: another rest between warm-up and run (${run.restSeconds ?? 0} s)`;
    if (!sameTree(first.edge.platform, run.edge.platform))
      return `${run.date}: the platform at ${run.edge.platform} serves other code than at ${first.edge.platform}`;
  }
  return undefined;
}
