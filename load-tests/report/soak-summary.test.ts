import { describe, expect, it } from "vitest";
import type { MemorySample } from "../runner/memory-sampler.ts";
import { memoryTrends, type SoakK6Summary, soakMinutes, soakTotals, wrongAnswers } from "./soak-summary.ts";

const summary: SoakK6Summary = {
  vus: 200,
  durationMs: 90_000,
  minutes: 2,
  requests: ["baseline:ping", "decorate:first"],
  metrics: {
    http_reqs: { values: { count: 9_000 } },
    http_req_duration: { values: { med: 1, "p(99)": 9 } },
    http_req_failed: { values: { passes: 1, fails: 8_999 } },
    checks: { values: { passes: 17_998, fails: 2 } },
    "checks{req:baseline:ping}": { values: { passes: 9_000, fails: 0 } },
    "checks{req:decorate:first}": { values: { passes: 8_998, fails: 2 } },
    "http_reqs{minute:0}": { values: { count: 6_000 } },
    "http_req_duration{minute:0}": { values: { med: 1, "p(90)": 2, "p(99)": 8 } },
    "http_reqs{minute:1}": { values: { count: 3_000 } },
    "http_req_duration{minute:1}": { values: { med: 2, "p(90)": 3, "p(99)": 12 } },
    "checks{minute:1}": { values: { passes: 5_998, fails: 2 } },
    "http_req_failed{minute:1}": { values: { passes: 1, fails: 2_999 } },
  },
};

it("counts errors and wrong answers, and names the requests that were wrong", () => {
  expect(soakTotals(summary)).toEqual({
    requests: 9_000,
    rps: 100,
    p50: 1,
    p99: 9,
    failedRequests: 1,
    failedChecks: 2,
    wrongByRequest: [{ name: "decorate:first", fails: 2 }],
  });
});

it("gives each minute its own rate over the time it lasted (the last one is 30 s here)", () => {
  expect(soakMinutes(summary)).toEqual([
    { minute: 0, requests: 6_000, rps: 100, p50: 1, p90: 2, p99: 8, failedRequests: 0, failedChecks: 0 },
    { minute: 1, requests: 3_000, rps: 100, p50: 2, p90: 3, p99: 12, failedRequests: 1, failedChecks: 2 },
  ]);
});

describe("memory trends", () => {
  const sample = (seconds: number, workerd: number, hosts: number[]): MemorySample => ({
    seconds,
    processes: [
      { pid: 1, role: "workerd", pssMb: workerd },
      ...hosts.map((pssMb, i) => ({ pid: 10 + i, role: "user-code host", pssMb })),
    ],
  });
  const trends = memoryTrends(
    [sample(0, 50, []), sample(60, 100, [30]), sample(120, 110, [40]), sample(180, 108, [20, 30])],
    60,
  );

  it.each([
    ["workerd", { warmMb: 100, endMb: 108, maxMb: 110, flat: true }],
    // A second host process (a restart) counts with the first: 50 MB against 30 after warm-up.
    ["user-code host", { warmMb: 30, endMb: 50, maxMb: 50, flat: false, pids: [10, 11] }],
  ])("%s: measured from its size after warm-up", (role, expected) => {
    expect(trends.find((trend) => trend.role === role)).toMatchObject(expected);
  });

  it.each([
    // The largest single process (40 MB), not the role's sum while a replaced host drains (50 MB).
    [40, { aboveMb: 40, peakMb: 40, within: true }],
    [37, { aboveMb: 37, peakMb: 40, within: true }],
    [36, { aboveMb: 36, peakMb: 40, within: false }],
  ])("a host replaced past %i MB is judged by its largest process", (line, recycled) => {
    const judged = memoryTrends(
      [sample(0, 50, []), sample(60, 100, [30]), sample(120, 110, [40]), sample(180, 108, [20, 30])],
      60,
      { "user-code host": line },
    );
    expect(judged.find((trend) => trend.role === "user-code host")?.recycled).toEqual(recycled);
    expect(judged.find((trend) => trend.role === "workerd")?.recycled).toBeUndefined();
  });
});

it("reads the wrong answers soak.js logs out of k6's log lines", () => {
  const output = [
    'time="2026-11-24T20:03:37Z" level=error msg="WRONG decorate:first at 30077 ms: 500  \\"{}\\" after 245 ms" source=console',
    'time="2026-11-24T20:03:37Z" level=error msg="thresholds on metrics \'checks\' have been crossed"',
  ].join("\n");
  expect(wrongAnswers(output)).toEqual(['decorate:first at 30077 ms: 500  "{}" after 245 ms']);
});
