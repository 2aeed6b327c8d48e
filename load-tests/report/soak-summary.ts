import type { MemorySample } from "../runner/memory-sampler.ts";
import { FLAT_GROWTH, type MinuteStats, type ProcessTrend, type SoakTotals } from "./soak-model.ts";

/** What scenarios/soak.js writes from handleSummary. */
export interface SoakK6Summary {
  vus: number;
  durationMs: number;
  minutes: number;
  requests: string[];
  metrics: Record<string, { values: Record<string, number> } | undefined>;
}

function stat(summary: SoakK6Summary, metric: string, name: string): number {
  return summary.metrics[metric]?.values[name] ?? 0;
}

export function soakTotals(summary: SoakK6Summary): SoakTotals {
  const requests = stat(summary, "http_reqs", "count");
  const wrongByRequest = summary.requests
    .map((name) => ({ name, fails: stat(summary, `checks{req:${name}}`, "fails") }))
    .filter((row) => row.fails > 0);
  return {
    requests,
    rps: requests / (summary.durationMs / 1000),
    p50: stat(summary, "http_req_duration", "med"),
    p99: stat(summary, "http_req_duration", "p(99)"),
    // http_req_failed is a rate of failures, so its "passes" are the failed requests.
    failedRequests: stat(summary, "http_req_failed", "passes"),
    failedChecks: stat(summary, "checks", "fails"),
    wrongByRequest,
  };
}

export function soakMinutes(summary: SoakK6Summary): MinuteStats[] {
  return Array.from({ length: summary.minutes }, (_, minute) => {
    const tag = `{minute:${minute}}`;
    const requests = stat(summary, `http_reqs${tag}`, "count");
    const seconds = Math.min(60, summary.durationMs / 1000 - minute * 60);
    return {
      minute,
      requests,
      rps: requests / seconds,
      p50: stat(summary, `http_req_duration${tag}`, "med"),
      p90: stat(summary, `http_req_duration${tag}`, "p(90)"),
      p99: stat(summary, `http_req_duration${tag}`, "p(99)"),
      failedRequests: stat(summary, `http_req_failed${tag}`, "passes"),
      failedChecks: stat(summary, `checks${tag}`, "fails"),
    };
  });
}

/** Each role's PSS over time, summed over its processes (a restarted user-code host is a new pid). */
export function roleSeries(samples: readonly MemorySample[]): Map<string, { seconds: number; mb: number }[]> {
  const series = new Map<string, { seconds: number; mb: number }[]>();
  for (const sample of samples) {
    const byRole = new Map<string, number>();
    for (const process of sample.processes)
      byRole.set(process.role, (byRole.get(process.role) ?? 0) + process.pssMb);
    for (const [role, mb] of byRole) {
      if (!series.has(role)) series.set(role, []);
      series.get(role)!.push({ seconds: sample.seconds, mb });
    }
  }
  return series;
}

/**
 * Flat: the last sample within FLAT_GROWTH of the first one taken after warm-up (V8 heaps, caches and
 * connection buffers fill in the first seconds of load; what matters is that they stop there). A role in
 * `recycleLines` (MB by role) is also judged by the most any one of its processes held against that line.
 */
export function memoryTrends(
  samples: readonly MemorySample[],
  warmSeconds: number,
  recycleLines: Readonly<Record<string, number>> = {},
): ProcessTrend[] {
  return [...roleSeries(samples)].map(([role, points]) => {
    const warm = points.find((point) => point.seconds >= warmSeconds) ?? points.at(-1)!;
    const endMb = points.at(-1)!.mb;
    const own = samples.flatMap((s) => s.processes.filter((p) => p.role === role));
    const growth = endMb / warm.mb;
    const trend: ProcessTrend = {
      role,
      pids: [...new Set(own.map((p) => p.pid))],
      warmMb: warm.mb,
      endMb,
      maxMb: Math.max(...points.map((point) => point.mb)),
      growth,
      flat: growth <= FLAT_GROWTH,
    };
    const aboveMb = recycleLines[role];
    if (aboveMb === undefined) return trend;
    // One process at a time: while a replaced host drains, the role's sum briefly counts two.
    const peakMb = Math.max(...own.map((p) => p.pssMb));
    return { ...trend, recycled: { aboveMb, peakMb, within: peakMb <= aboveMb * FLAT_GROWTH } };
  });
}

/** The WRONG lines scenarios/soak.js logs, out of k6's log format (`msg="WRONG …"`). */
export function wrongAnswers(output: string): string[] {
  return output
    .split("\n")
    .map((line) => /msg="WRONG (.*)" source=console/.exec(line)?.[1])
    .filter((line): line is string => line !== undefined)
    .map((line) => line.replaceAll('\\"', '"'));
}
