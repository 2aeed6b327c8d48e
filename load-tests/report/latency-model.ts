import type { Machine } from "./model.ts";

export type LatencyTarget = "mountebank" | "platform" | "floor";

/** A closed-loop run at the generator's full speed (wrk, 50 connections): the target's saturated rate. */
export interface Saturation {
  target: LatencyTarget;
  rps: number;
  p50: number;
  p99: number;
  /** Socket errors and non-2xx answers wrk counted (it does not read bodies). */
  errors: number;
}

/** One fixed-rate run: the rate offered, what k6 delivered, and the latency the target gave it (ms). */
export interface RatePoint {
  target: LatencyTarget;
  /** Whose saturated rate this is a share of, and the share ("mountebank", 0.25); "k6", 1: k6's most. */
  basis: LatencyTarget | "k6";
  share: number;
  offered: number;
  /** Requests per second k6 got answers for. */
  delivered: number;
  /** Iterations the run should have started: offered × seconds. */
  planned: number;
  /** Iterations k6 could not start on time (no free VU): it was not offering the rate. */
  dropped: number;
  p50: number;
  p90: number;
  p99: number;
  failedRequests: number;
  failedChecks: number;
  /** Why the rate was not run, when it was not. */
  skipped?: string;
}

export interface ScenarioLatency {
  scenario: string;
  title: string;
  /** The request sent, e.g. "last" (one request, so wrk and k6 send the same). */
  request: string;
  saturation: Saturation[];
  points: RatePoint[];
  problems: string[];
}

export interface LatencyReport {
  date: string;
  machine: Machine;
  settings: {
    seconds: number;
    saturationSeconds: number;
    /** Runs per target at each of Mountebank's shares (absent in reports from before it: one). */
    repeat?: number;
    connections: number;
    wrk: string;
    cpus: string;
    /** How the platform was started (absent in reports from before it was `npm start`'s own process). */
    platform?: string;
  };
  /** k6's own ceiling here: the floor's `GET /` at 50 VUs, back to back. */
  k6Ceiling: number;
  /** The 1-minute load average when the run ended (the start's is in `machine`). */
  loadEnd: number;
  scenarios: ScenarioLatency[];
}

/** The shares of a saturated rate the issue asks for. */
export const SHARES = [0.25, 0.5, 0.75] as const;

/** k6 offered the rate if it started all but 1% of the iterations on time. */
export function delivered(point: RatePoint): boolean {
  return point.skipped === undefined && point.dropped <= point.planned * 0.01;
}
