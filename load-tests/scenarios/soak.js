// The soak (npm run loadtest:soak): every request of the mix in turn, at constant concurrency for the whole
// duration, each answer checked. Every metric is also tagged with the minute it was sent in, so the runner
// reads p50/p99 and errors per minute from the summary instead of a per-request output file (10 minutes
// at a few thousand requests a second would be gigabytes).
import exec from "k6/execution";
import { parseDurationMs } from "./lib/plan.js";
import { prepare, send, thresholds } from "./lib/scenario.js";

const plan = JSON.parse(open(__ENV.REQUESTS_FILE));
if (plan.scenario !== "soak") throw new Error(`${__ENV.REQUESTS_FILE} is not a soak plan`);
const durationMs = parseDurationMs(__ENV.DURATION || "10m");
const minutes = Math.ceil(durationMs / 60_000);
const vus = Number(__ENV.VUS || 200);
// The plan's paths are whole URLs: the mix spans many imposters.
const calls = prepare(plan, "");

function perMinute() {
  const all = {};
  for (let minute = 0; minute < minutes; minute++) {
    // Always true: they only make k6 report each minute's sub-metrics.
    all[`http_req_duration{minute:${minute}}`] = ["max>=0"];
    all[`http_reqs{minute:${minute}}`] = ["count>=0"];
    all[`checks{minute:${minute}}`] = ["rate>=0"];
    all[`http_req_failed{minute:${minute}}`] = ["rate>=0"];
  }
  return all;
}

export const options = {
  scenarios: { soak: { executor: "constant-vus", vus, duration: `${durationMs}ms`, gracefulStop: "5s" } },
  thresholds: { ...thresholds(calls.map((call) => call.name)), ...perMinute() },
  summaryTrendStats: ["avg", "min", "med", "p(90)", "p(99)", "max"],
  tags: { suite: "soak", target: __ENV.TARGET || "platform" },
};

export default function () {
  const call = calls[(exec.vu.idInTest + exec.vu.iterationInScenario) % calls.length];
  // Requests still in flight when the last minute ends belong to it, not to a short minute of their own.
  const minute = Math.min(minutes - 1, Math.floor(exec.instance.currentTestRunDuration / 60_000));
  const { res, ok } = send(call, { req: call.name, minute: String(minute) });
  // The first wrong answer of each VU, whole, for the report: a count alone does not say what went wrong.
  if (!ok && logged++ < 1) {
    const body = String(res.body ?? "").slice(0, 800);
    console.error(
      `WRONG ${call.name} at ${Math.round(exec.instance.currentTestRunDuration)} ms: ${res.status} ${res.error ?? ""} ${JSON.stringify(body)} after ${res.timings.duration.toFixed(0)} ms`,
    );
  }
}

let logged = 0;

export function handleSummary(data) {
  const summary = {
    vus,
    durationMs,
    minutes,
    requests: calls.map((call) => call.name),
    metrics: data.metrics,
  };
  return { [__ENV.SUMMARY_FILE]: JSON.stringify(summary, null, 1) };
}
