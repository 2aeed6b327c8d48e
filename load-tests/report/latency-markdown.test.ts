import { expect, it } from "vitest";
import { versusMountebank } from "./latency-markdown.ts";
import { delivered, type RatePoint, type ScenarioLatency } from "./latency-model.ts";

function point(
  target: RatePoint["target"],
  share: number,
  p99: number,
  extra: Partial<RatePoint> = {},
): RatePoint {
  const offered = share * 1_000;
  return {
    target,
    basis: "mountebank",
    share,
    offered,
    delivered: offered,
    planned: offered * 10,
    dropped: 0,
    p50: 1,
    p90: 2,
    p99,
    failedRequests: 0,
    failedChecks: 0,
    ...extra,
  };
}

it.each([
  [0, true],
  [25, true],
  [26, false],
])("a run of 2,500 iterations with %d dropped offered its rate: %s", (dropped, expected) => {
  expect(delivered(point("platform", 0.25, 1, { dropped }))).toBe(expected);
});

const scenario: ScenarioLatency = {
  scenario: "xpath",
  title: "XPath",
  request: "last",
  saturation: [],
  problems: [],
  points: [
    point("mountebank", 0.25, 10),
    point("platform", 0.25, 2),
    point("mountebank", 0.5, 20),
    point("platform", 0.5, 20.5),
    point("mountebank", 0.75, 30),
    point("platform", 0.75, 3, { dropped: 1_000 }),
  ],
};

it("holds our p99 to Mountebank's at each of its rates, judging only rates k6 offered to both", () => {
  const { rows, held, judged } = versusMountebank(scenario);
  expect([held, judged]).toEqual([1, 2]);
  expect(rows.map((row) => row[4])).toEqual(["**held** (5.0× lower)", "**missed**", "not judged"]);
  expect(rows[2]?.[3]).toContain("k6 delivered 750 req/s, 1000 dropped");
});

it("counts a wrong answer as a miss however fast it came", () => {
  const wrong = {
    ...scenario,
    points: [point("mountebank", 0.25, 10), point("platform", 0.25, 2, { failedChecks: 1 })],
  };
  expect(versusMountebank(wrong).held).toBe(0);
});
