import type { ChurnResult } from "../runner/churn.ts";
import type { MemorySample } from "../runner/memory-sampler.ts";
import type { Machine } from "./model.ts";

/** Latency in ms and counts of one minute of the soak (requests tagged with the minute they were sent in). */
export interface MinuteStats {
  minute: number;
  requests: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  failedRequests: number;
  failedChecks: number;
}

export interface SoakTotals {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  /** Requests that failed outright (connection errors, a status the plan did not expect). */
  failedRequests: number;
  /** Wrong answers: a status or body other than the plan's. */
  failedChecks: number;
  /** The mix's requests that got a wrong answer, with how many. */
  wrongByRequest: { name: string; fails: number }[];
}

/** One process role's memory over the soak: PSS summed over its processes at each sample. */
export interface ProcessTrend {
  role: string;
  pids: number[];
  /** At the first sample after warm-up (`warmSeconds`), at the end, and the highest. */
  warmMb: number;
  endMb: number;
  maxMb: number;
  /** endMb / warmMb. */
  growth: number;
  flat: boolean;
  /**
   * For a role whose processes the platform replaces past a size (the user-code host: recycle.ts), that line
   * and the most any one of its processes held. Such a role's memory is a sawtooth, so where in a tooth the
   * run ends says nothing; what bounds it is the line. Absent in reports written before it was added.
   */
  recycled?: { aboveMb: number; peakMb: number; within: boolean };
}

/** Held: flat, or kept under its recycle line (within FLAT_GROWTH of it, which the 3 s check lets it pass). */
export function memoryHeld(trend: ProcessTrend): boolean {
  return trend.flat || trend.recycled?.within === true;
}

export interface SoakReport {
  date: string;
  machine: Machine;
  settings: {
    duration: string;
    vus: number;
    churnEveryMs: number;
    sampleEveryMs: number;
    warmSeconds: number;
    /**
     * Whether memory counts toward the outcome: in a run under MEMORY_JUDGED_FROM_S the first samples are
     * still warm-up (the user-code host starts with the first call), so growth there says nothing of a leak.
     * Absent in reports written before it was added: judged.
     */
    memoryJudged?: boolean;
    cpus: string;
    platform: string;
    mix: string[];
  };
  /** The 1-minute load average when the load ended (the start's is in `machine`). */
  loadEnd: number;
  k6Exit: number;
  /** Wrong answers as k6 logged them (the first of each VU; the runner keeps the end of k6's output). */
  wrongAnswers: string[];
  totals: SoakTotals;
  minutes: MinuteStats[];
  churn: ChurnResult;
  memory: MemorySample[];
  trends: ProcessTrend[];
}

/** Memory is flat when it ends within this share above where it stood after warm-up. */
export const FLAT_GROWTH = 1.1;

/** Runs of at least this many seconds have their memory judged (a 10 s run "grew" by its warm-up alone). */
export const MEMORY_JUDGED_FROM_S = 120;

/** The three required outcomes: no errors, no wrong answers, memory held (where judged). */
export function soakPassed(report: SoakReport): boolean {
  const { totals, churn, trends } = report;
  const memoryBounded = report.settings.memoryJudged === false || trends.every(memoryHeld);
  return (
    report.k6Exit === 0 &&
    totals.failedRequests === 0 &&
    totals.failedChecks === 0 &&
    churn.failed === 0 &&
    churn.wrong === 0 &&
    memoryBounded
  );
}
