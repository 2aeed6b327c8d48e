// Everything the per-scenario scripts share: reading the request plan, options with thresholds, the
// iteration with its checks, and the summary. A script only names its scenario and how to lay out load.
import { check } from "k6";
import exec from "k6/execution";
import http from "k6/http";
import { cloudOptions } from "./cloud.js";
import { bodyProblem, durationProblem, statusProblem } from "./expect.js";
import { layout, parseDurationMs } from "./plan.js";
import { summaryText } from "./summary-text.js";

/** Reads the plan the runner wrote ({ scenario, port, requests }); open() works only at init time. */
function readPlan(id) {
  const file = __ENV.REQUESTS_FILE;
  if (!file) throw new Error(`REQUESTS_FILE is not set: it names the ${id} request plan (see README.md)`);
  const plan = JSON.parse(open(file));
  if (plan.scenario !== id) throw new Error(`${file} is the plan of ${plan.scenario}, not of ${id}`);
  return plan;
}

/** TARGET_URL is exact (the runner's way); BASE_URL is a platform origin, imposters under /i/<port>. */
function baseUrl(plan) {
  const exact = __ENV.TARGET_URL;
  if (exact) return exact.replace(/\/$/, "");
  const origin = __ENV.BASE_URL;
  if (!origin) throw new Error("set BASE_URL (a platform origin) or TARGET_URL (the exact base)");
  const trimmed = origin.replace(/\/$/, "");
  return plan.port === null ? trimmed : `${trimmed}/i/${plan.port}`;
}

export function thresholds(names) {
  const all = { checks: ["rate==1.0"], http_req_failed: ["rate==0"] };
  for (const name of names) {
    all[`checks{req:${name}}`] = ["rate==1.0"];
    // Always true: k6 reports a tagged sub-metric only when a threshold names it, and the runner wants
    // each request's own latency and count.
    all[`http_req_duration{req:${name}}`] = ["max>=0"];
    all[`http_reqs{req:${name}}`] = ["count>=0"];
  }
  return all;
}

function executors(slots, vus) {
  const scenarios = {};
  for (const slot of slots) {
    scenarios[slot.name] = {
      executor: "constant-vus",
      vus,
      duration: `${slot.durationMs}ms`,
      startTime: `${slot.startMs}ms`,
      gracefulStop: "1s",
    };
  }
  return scenarios;
}

/** Requests of the plan ready to send: `base` prefixes each path (the soak's paths are whole URLs). */
export function prepare(plan, base) {
  const apiKey = plan.port === null ? __ENV.API_KEY : undefined;
  return plan.requests.map((request) => ({
    ...request,
    url: base + request.path,
    body: request.body ?? null,
    params: {
      headers: apiKey ? { ...request.headers, "x-api-key": apiKey } : (request.headers ?? {}),
      tags: { req: request.name },
      // A 404 that the plan expects is a right answer, not a failed request.
      responseCallback: http.expectedStatuses(request.expect.status),
    },
  }));
}

/**
 * One request with its checks. `tags` replaces the request's own (the soak adds the minute it was sent in).
 */
export function send(call, tags = call.params.tags) {
  const params = tags === call.params.tags ? call.params : { ...call.params, tags };
  const res = http.request(call.method, call.url, call.body, params);
  const { expect } = call;
  const checks = {
    [`status is ${expect.status}`]: (r) => statusProblem(r.status, expect) === undefined,
    "body as expected": (r) => bodyProblem(r.body, expect) === undefined,
  };
  if (expect.minDurationMs !== undefined) {
    checks[`took at least ${expect.minDurationMs} ms`] = (r) =>
      durationProblem(r.timings.duration, expect) === undefined;
  }
  return { res, ok: check(res, checks, tags) };
}

/**
 * @param {string} id the scenario, as the runner and the results name it
 * @param {{ mode?: "segments" | "mix", vus?: number }} shape
 */
export function defineScenario(id, shape = {}) {
  const plan = readPlan(id);
  const mode = shape.mode ?? "segments";
  const vus = Number(__ENV.VUS || shape.vus || 50);
  const names = plan.requests.map((request) => request.name);
  const slots = layout(names, mode, parseDurationMs(__ENV.DURATION || "20s"));
  const calls = prepare(plan, baseUrl(plan));
  const byName = Object.fromEntries(calls.map((call) => [call.name, call]));
  const options = {
    scenarios: executors(slots, vus),
    thresholds: thresholds(names),
    summaryTrendStats: ["avg", "min", "med", "p(90)", "p(95)", "p(99)", "max"],
    tags: { suite: id, target: __ENV.TARGET || "cloud" },
    ...cloudOptions(id, __ENV),
  };
  const iteration = () => {
    if (mode === "segments") return send(byName[exec.scenario.name]);
    // VUs start at different requests, so every request is in flight at any moment.
    return send(calls[(exec.vu.idInTest + exec.vu.iterationInScenario) % calls.length]);
  };
  const handleSummary = (data) => {
    const file = __ENV.SUMMARY_FILE;
    if (!file) return { stdout: summaryText(id, names, data) };
    const summary = {
      scenario: id,
      target: __ENV.TARGET,
      mode,
      vus,
      slots,
      requests: names,
      metrics: data.metrics,
    };
    return { [file]: JSON.stringify(summary, null, 1) };
  };
  return { options, iteration, handleSummary };
}
