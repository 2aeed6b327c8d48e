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
  goals: [{ goal: "≥85% of the floor", scenario: "baseline", needed: 0.85, actual: 0.8, status: "missed" }],
};
const markdown = renderMarkdown(report, "latest.svg");

it("links the chart and names the date and the machine", () => {
  expect(markdown).toContain("![Requests per second by scenario, log scale](latest.svg)");
  expect(markdown).toContain("2026-11-22T03:00:00.000Z on AMD EPYC (2 cores)");
  expect(markdown).toContain("k6 v1.8.1");
});

it("gives the platform's ratios to Mountebank and to the floor", () => {
  expect(markdown).toContain(
    "| baseline | platform | 12,000 | 1.00 | 2.00 | 3.00 | 120000 | 0 | 0 | 12× | 80% |",
  );
  expect(markdown).toContain("| baseline | ping | 1,000 | 12,000 | – | 12× | 4.00 | 0.50 |");
});

it("takes the floor's run of the scenario's own requests over its plain GET / where there is one", () => {
  const own = outcome("baseline", "floor", 13_000, { perRequest: [{ name: "ping", rps: 13_000 }] });
  const withOwn = renderMarkdown({ ...report, outcomes: [...report.outcomes, own] }, "latest.svg");
  expect(withOwn).toContain(
    "| baseline | platform | 12,000 | 1.00 | 2.00 | 3.00 | 120000 | 0 | 0 | 12× | 92% |",
  );
  expect(withOwn).toContain("| baseline | ping | 1,000 | 12,000 | 13,000 | 12× | 4.00 | 0.50 |");
});

it("shows a scenario that failed and why, rather than leaving it out", () => {
  expect(markdown).toContain("| decorate | platform | failed |");
  expect(markdown).toContain("- **decorate** on platform (failed):\n  - first: status 500, expected 200");
});

it("writes goals as the issue does, with their status", () => {
  expect(markdown).toContain("## Goals (0 of 1 met)");
  expect(markdown).toContain("| ≥85% of the floor | baseline | 80% | missed |");
});
