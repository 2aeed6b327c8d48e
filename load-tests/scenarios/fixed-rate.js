// One request at a fixed arrival rate (npm run loadtest:latency): k6 starts RATE iterations a second
// whatever the answers' latency, which is what a service under test does to its mocks. Without RATE, VUS
// connections send it back to back instead (how the runner finds k6's own ceiling).
import { parseDurationMs } from "./lib/plan.js";
import { prepare, send, thresholds } from "./lib/scenario.js";

const plan = JSON.parse(open(__ENV.REQUESTS_FILE));
if (plan.scenario !== "fixed-rate") throw new Error(`${__ENV.REQUESTS_FILE} is not a fixed-rate plan`);
// The plan's path is a whole URL: mb's imposters listen on ports of their own.
const [call] = prepare(plan, "");
const durationMs = parseDurationMs(__ENV.DURATION || "10s");
const rate = Number(__ENV.RATE || 0);

// A VU waits for its answer, so a rate needs about rate × latency of them: enough for a tail of 200 ms.
const executor =
  rate > 0
    ? {
        executor: "constant-arrival-rate",
        rate,
        timeUnit: "1s",
        duration: `${durationMs}ms`,
        preAllocatedVUs: Math.max(50, Math.ceil(rate / 20)),
        maxVUs: Math.max(200, Math.ceil(rate / 5)),
      }
    : { executor: "constant-vus", vus: Number(__ENV.VUS || 50), duration: `${durationMs}ms` };

export const options = {
  scenarios: { load: { ...executor, gracefulStop: "2s" } },
  thresholds: thresholds([call.name]),
  summaryTrendStats: ["avg", "min", "med", "p(90)", "p(99)", "max"],
  tags: { suite: "fixed-rate", target: __ENV.TARGET || "cloud" },
};

export default function () {
  send(call);
}

export function handleSummary(data) {
  return { [__ENV.SUMMARY_FILE]: JSON.stringify({ rate, durationMs, metrics: data.metrics }, null, 1) };
}
