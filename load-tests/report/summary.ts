import type { Measurement, RequestMeasurement } from "./model.ts";

/** What scenarios/lib/scenario.js writes from handleSummary. */
export interface K6Summary {
  scenario: string;
  mode: "segments" | "mix";
  vus: number;
  slots: { name: string; startMs: number; durationMs: number }[];
  requests: string[];
  metrics: Record<string, { values: Record<string, number> } | undefined>;
}

function stat(summary: K6Summary, metric: string, name: string): number {
  return summary.metrics[metric]?.values[name] ?? 0;
}

function latency(summary: K6Summary, metric: string) {
  return {
    p50: stat(summary, metric, "med"),
    p95: stat(summary, metric, "p(95)"),
    p99: stat(summary, metric, "p(99)"),
  };
}

/**
 * Throughput is counted over the time load was on, not k6's wall clock: the idle gaps between segments
 * would otherwise dilute it. In segments each request is divided by its own slot; in a mix, by the whole.
 */
export function measure(summary: K6Summary): Measurement {
  const activeSeconds = summary.slots.reduce((sum, slot) => sum + slot.durationMs, 0) / 1000;
  const seconds = (name: string) => {
    const slot = summary.slots.find((candidate) => candidate.name === name);
    return summary.mode === "segments" && slot !== undefined ? slot.durationMs / 1000 : activeSeconds;
  };
  const perRequest: RequestMeasurement[] = summary.requests.map((name) => {
    const requests = stat(summary, `http_reqs{req:${name}}`, "count");
    return {
      name,
      requests,
      rps: requests / seconds(name),
      failedChecks: stat(summary, `checks{req:${name}}`, "fails"),
      ...latency(summary, `http_req_duration{req:${name}}`),
    };
  });
  const requests = stat(summary, "http_reqs", "count");
  return {
    rps: requests / activeSeconds,
    requests,
    // http_req_failed is a rate of failures, so its "passes" are the failed requests.
    failedRequests: stat(summary, "http_req_failed", "passes"),
    failedChecks: stat(summary, "checks", "fails"),
    vus: summary.vus,
    perRequest,
    ...latency(summary, "http_req_duration"),
  };
}
