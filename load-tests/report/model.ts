import type { TargetName } from "../fixtures/scenarios.ts";

/** Milliseconds, from k6's http_req_duration: time to first byte plus download, without connecting. */
export interface Latency {
  p50: number;
  p95: number;
  p99: number;
}

export interface RequestMeasurement extends Latency {
  name: string;
  requests: number;
  /** Requests per second while this request had the load to itself (or its share, in a mixed run). */
  rps: number;
  failedChecks: number;
}

export interface Measurement extends Latency {
  /** Requests per second over the time load was applied. */
  rps: number;
  requests: number;
  failedRequests: number;
  failedChecks: number;
  vus: number;
  perRequest: RequestMeasurement[];
}

/**
 * ok: measured, every check held. failed: wrong answers or failed requests. error: the run itself broke
 * (a target or k6 did not start).
 */
export type OutcomeStatus = "ok" | "failed" | "error";

export interface Outcome {
  scenario: string;
  target: TargetName;
  status: OutcomeStatus;
  measurement?: Measurement;
  problems: string[];
}

export type GoalStatus = "met" | "missed" | "failed" | "not measured";

export interface Goal {
  goal: string;
  scenario: string;
  /** The request a per-request goal is about ("last"). */
  request?: string;
  /** The ratio needed: 10 for "≥10×", 0.85 for "≥85%". */
  needed: number;
  actual?: number;
  status: GoalStatus;
  note?: string;
}

export interface Machine {
  cpu: string;
  cores: number;
  os: string;
  node: string;
  k6: string;
  mountebank: string;
  /** The one-minute load average when the run began. */
  loadAverage: number;
  /** The checkout measured (`git describe --always --dirty`), absent in reports from before it was kept. */
  commit?: string;
}

export interface ScenarioInfo {
  id: string;
  title: string;
  userCode: boolean;
}

export interface Report {
  date: string;
  smoke: boolean;
  settings: { duration: string; vus: number; stressVus: number; cpus?: string };
  machine: Machine;
  scenarios: ScenarioInfo[];
  outcomes: Outcome[];
  goals: Goal[];
}

/** The outcome of one scenario on one target, if it ran. */
export function findOutcome(
  outcomes: readonly Outcome[],
  scenario: string,
  target: string,
): Outcome | undefined {
  return outcomes.find((outcome) => outcome.scenario === scenario && outcome.target === target);
}
