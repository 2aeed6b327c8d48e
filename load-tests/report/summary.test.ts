import { expect, it } from "vitest";
import { type K6Summary, measure } from "./summary.ts";

const trend = (med: number) => ({ values: { med, "p(95)": med * 2, "p(99)": med * 3 } });

function summary(mode: K6Summary["mode"], slots: K6Summary["slots"]): K6Summary {
  return {
    scenario: "regex-paths",
    mode,
    vus: 50,
    slots,
    requests: ["first", "last"],
    metrics: {
      http_reqs: { values: { count: 3_000 } },
      "http_reqs{req:first}": { values: { count: 2_500 } },
      "http_reqs{req:last}": { values: { count: 500 } },
      http_req_duration: trend(2),
      "http_req_duration{req:first}": trend(1),
      "http_req_duration{req:last}": trend(10),
      http_req_failed: { values: { passes: 4, fails: 2_996, rate: 4 / 3_000 } },
      checks: { values: { passes: 5_990, fails: 10 } },
      "checks{req:last}": { values: { passes: 990, fails: 10 } },
    },
  };
}

it("divides each request by its own slot, and the scenario by the time load was on", () => {
  const m = measure(
    summary("segments", [
      { name: "first", startMs: 0, durationMs: 5_000 },
      { name: "last", startMs: 6_000, durationMs: 5_000 },
    ]),
  );
  expect(m.rps).toBe(300); // 3,000 requests in 10 s of load, not in the 11 s of wall clock
  expect(m.perRequest.map((row) => [row.name, row.rps])).toEqual([
    ["first", 500],
    ["last", 100],
  ]);
});

it("divides every request of a mix by the whole duration", () => {
  const m = measure(summary("mix", [{ name: "mix", startMs: 0, durationMs: 10_000 }]));
  expect(m.perRequest.map((row) => row.rps)).toEqual([250, 50]);
});

it("reads latency, failed requests and failed checks", () => {
  const m = measure(summary("mix", [{ name: "mix", startMs: 0, durationMs: 10_000 }]));
  expect(m).toMatchObject({
    p50: 2,
    p95: 4,
    p99: 6,
    requests: 3_000,
    failedRequests: 4,
    failedChecks: 10,
    vus: 50,
  });
  expect(m.perRequest[1]).toMatchObject({ name: "last", p50: 10, p99: 30, failedChecks: 10 });
  expect(m.perRequest[0]?.failedChecks).toBe(0); // no sub-metric: nothing failed
});
