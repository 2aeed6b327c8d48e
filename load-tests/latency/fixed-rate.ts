import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { RequestSpec } from "../fixtures/types.ts";
import type { LatencyTarget, RatePoint } from "../report/latency-model.ts";
import type { K6 } from "../runner/k6-binary.ts";
import { runK6 } from "../runner/k6-run.ts";

const SCRIPT = fileURLToPath(new URL("../scenarios/fixed-rate.js", import.meta.url));

interface Summary {
  metrics: Record<string, { values: Record<string, number> } | undefined>;
}

const stat = (summary: Summary, metric: string, name: string) => summary.metrics[metric]?.values[name] ?? 0;

export interface K6Load {
  k6: K6;
  dir: string;
  target: LatencyTarget;
  /** The request with its whole URL as `path`. */
  request: RequestSpec;
  seconds: number;
}

async function runOnce(load: K6Load, env: Record<string, string>, tag: string): Promise<Summary> {
  const plan = join(load.dir, `plan-${tag}.json`);
  const summaryFile = join(load.dir, `summary-${tag}.json`);
  writeFileSync(plan, JSON.stringify({ scenario: "fixed-rate", port: 0, requests: [load.request] }));
  const exit = await runK6(load.k6, SCRIPT, {
    REQUESTS_FILE: plan,
    SUMMARY_FILE: summaryFile,
    DURATION: `${load.seconds}s`,
    TARGET: load.target,
    ...env,
  });
  try {
    return JSON.parse(readFileSync(summaryFile, "utf8")) as Summary;
  } catch {
    throw new Error(`k6 exited with ${exit.code} and no summary:\n${exit.output}`);
  }
}

/** k6 at `rate` requests a second for the load's seconds; the latency its answers took. */
export async function atRate(
  load: K6Load,
  rate: number,
  basis: Pick<RatePoint, "basis" | "share">,
): Promise<RatePoint> {
  const offered = Math.max(1, Math.round(rate));
  const summary = await runOnce(load, { RATE: String(offered) }, `${load.target}-${offered}`);
  return {
    target: load.target,
    ...basis,
    offered,
    delivered: stat(summary, "http_reqs", "count") / load.seconds,
    planned: offered * load.seconds,
    dropped: stat(summary, "dropped_iterations", "count"),
    p50: stat(summary, "http_req_duration", "med"),
    p90: stat(summary, "http_req_duration", "p(90)"),
    p99: stat(summary, "http_req_duration", "p(99)"),
    failedRequests: stat(summary, "http_req_failed", "passes"),
    failedChecks: stat(summary, "checks", "fails"),
  };
}

/** k6's own ceiling: 50 VUs back to back on a request the target answers at once (the floor's `GET /`). */
export async function k6Ceiling(load: K6Load): Promise<number> {
  const summary = await runOnce(load, { VUS: "50" }, "ceiling");
  return stat(summary, "http_reqs", "count") / load.seconds;
}
