// Outcomes and summaries as the runner makes them, for the report's tests.
import type { Measurement, Outcome, RequestMeasurement } from "./model.ts";

export function measured(rps: number, perRequest: Partial<RequestMeasurement>[] = []): Measurement {
  return {
    rps,
    requests: rps * 10,
    failedRequests: 0,
    failedChecks: 0,
    vus: 50,
    p50: 1,
    p95: 2,
    p99: 3,
    perRequest: perRequest.map((row) => ({
      name: "x",
      requests: 1,
      rps: 1,
      failedChecks: 0,
      p50: 1,
      p95: 2,
      p99: 3,
      ...row,
    })),
  };
}

export function outcome(
  scenario: string,
  target: Outcome["target"],
  rps: number,
  extra: Partial<Outcome> & { perRequest?: Partial<RequestMeasurement>[] } = {},
): Outcome {
  const { perRequest, ...rest } = extra;
  return { scenario, target, status: "ok", measurement: measured(rps, perRequest), problems: [], ...rest };
}
