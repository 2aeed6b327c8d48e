import { expect, it } from "vitest";
import { outcome } from "./fakes.testing.ts";
import { renderMarkdown } from "./markdown.ts";
import type { Report } from "./model.ts";

const report: Report = {
  date: "2026-11-22T03:00:00.000Z",
  smoke: false,
  settings: { duration: "20s", vus: 50, stressVus: 200 },
  machine: {
    cpu: "AMD EPYC",
    cores: 2,
    os: "Linux 6",
    node: "v20.20.2",
    k6: "k6 v1.8.1",
    mountebank: "2.9.1",
    loadAverage: 0.5,
  },
  scenarios: [
    { id: "baseline", title: "Simple baseline", userCode: false },
    { id: "decorate", title: "Decorate", userCode: true },
    { id: "floor", title: "Floor", userCode: false },
  ],
  outcomes: [
    outcome("baseline", "mountebank", 1_000, { perRequest: [{ name: "ping", rps: 1_000, p50: 4 }] }),
    outcome("decorate", "mountebank", 900),
    outcome("baseline", "platform", 12_000, { perRequest: [{ name: "ping", rps: 12_000, p50: 0.5 }] }),
    {
      scenario: "decorate",
      target: "platform",
      status: "failed",
      problems: ["first: status 500, expected 200"],
    },
    outcome("floor", "floor", 15_000),
  ],
  goals: [{ goal: "≥10× Mountebank", scenario: "baseline", needed: 10, actual: 12, status: "met" }],
};
const markdown = renderMarkdown(report, "latest.svg");

it("links the chart and names the date and the machine", () => {
  expect(markdown).toContain("![Requests per second by scenario, log scale](latest.svg)");
  expect(markdown).toContain("2026-11-22T03:00:00.000Z on AMD EPYC (2 cores)");
  expect(markdown).toContain("k6 v1.8.1");
});

it("gives the platform's ratio to Mountebank, and says k6 set the rate when it came near the floor's", () => {
  // 12,000 of the floor's 15,000 (80%): below k6's ceiling, the platform's own rate.
  expect(markdown).toContain(
    "| baseline | platform | 12,000 | 1.00 | 2.00 | 3.00 | 120000 | 0 | 0 | 12× | the target |",
  );
  expect(markdown).toContain(
    "| floor | floor | 15,000 | 1.00 | 2.00 | 3.00 | 150000 | 0 | 0 |  | k6 (its ceiling) |",
  );
  expect(markdown).not.toContain("of floor");
  expect(markdown).toContain("| baseline | ping | 1,000 | 12,000 | – | 12× | 4.00 | 0.50 |");
});

it("takes the floor's run of the scenario's own requests over its plain GET / where there is one", () => {
  // 12,000 of 13,000 (92%): k6 was the limit, so the ratio to Mountebank is at least what it shows.
  const own = outcome("baseline", "floor", 13_000, { perRequest: [{ name: "ping", rps: 13_000 }] });
  const withOwn = renderMarkdown({ ...report, outcomes: [...report.outcomes, own] }, "latest.svg");
  expect(withOwn).toContain(
    "| baseline | platform | 12,000 | 1.00 | 2.00 | 3.00 | 120000 | 0 | 0 | ≥ 12× | k6 |",
  );
  expect(withOwn).toContain("| baseline | ping | 1,000 | 12,000 | 13,000 | 12× | 4.00 | 0.50 |");
});

it("shows a scenario that failed and why, rather than leaving it out", () => {
  expect(markdown).toContain("| decorate | platform | failed |");
  expect(markdown).toContain("- **decorate** on platform (failed):\n  - first: status 500, expected 200");
});

it("writes goals as the issue does, with their status", () => {
  expect(markdown).toContain("## Goals (1 of 1 met)");
  expect(markdown).toContain("| ≥10× Mountebank | baseline | 12× | **met** |");
});

it("judges no goal in a smoke run, whose numbers say nothing about speed", () => {
  const smoke = renderMarkdown({ ...report, smoke: true }, "smoke.svg");
  expect(smoke).toContain("Not judged: a smoke run checks answers");
  expect(smoke).not.toContain("≥10× Mountebank");
});
