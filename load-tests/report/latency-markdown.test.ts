import { describe, expect, it } from "vitest";
import { reach, startedAs, tailSection, tailVersusFloor, versusMountebank } from "./latency-markdown.ts";
import { delivered, type LatencyReport, type RatePoint, type ScenarioLatency } from "./latency-model.ts";

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

it("judges repeated runs by the run with the median p99 on each side, and lists every run's p99", () => {
  const repeated = {
    ...scenario,
    points: [
      point("mountebank", 0.25, 13.6),
      point("platform", 0.25, 2.9),
      point("mountebank", 0.25, 2.2),
      point("platform", 0.25, 4.3),
      point("mountebank", 0.25, 3.5),
      point("platform", 0.25, 2.8),
    ],
  };
  const { rows, held, judged } = versusMountebank(repeated);
  expect([held, judged]).toEqual([1, 1]);
  // Either side's best or worst run alone would have decided it the other way (2.2 < 2.8; 13.6 > 4.3).
  expect(rows[0]?.[2]).toBe("1.00 / 2.00 / 3.50 (p99 of 3 runs: 13.6, 2.20, 3.50)");
  expect(rows[0]?.[3]).toContain("/ 2.90 (p99 of 3 runs: 2.90, 4.30, 2.80)");
});

it("counts a wrong answer as a miss however fast it came", () => {
  const wrong = {
    ...scenario,
    points: [point("mountebank", 0.25, 10), point("platform", 0.25, 2, { failedChecks: 1 })],
  };
  expect(versusMountebank(wrong).held).toBe(0);
});

it("compares our tail with the floor's at the same rates, leaving out user code and rates not run", () => {
  const own = (target: RatePoint["target"], share: number, p99: number, extra: Partial<RatePoint> = {}) =>
    point(target, share, p99, { basis: "platform", ...extra });
  const withFloor = (id: string, points: RatePoint[]): ScenarioLatency => ({
    ...scenario,
    scenario: id,
    points,
  });
  const report = {
    scenarios: [
      withFloor("xpath", [
        own("platform", 0.25, 300),
        own("floor", 0.25, 200),
        own("platform", 0.5, 100),
        own("floor", 0.5, 100),
      ]),
      withFloor("baseline", [
        own("platform", 0.75, 9, { skipped: "beyond k6" }),
        own("floor", 0.75, 1, { skipped: "beyond k6" }),
      ]),
      withFloor("decorate", [own("platform", 0.25, 900), own("floor", 0.25, 10)]),
    ],
  } as LatencyReport;
  expect(tailVersusFloor(report)).toEqual({ pairs: 2, ratio: 1.25, ours: 200, floor: 150, p50: 1 });
});

it("says so when a run has no pair outside user code to explain the tail with", () => {
  const onlyUserCode = {
    scenarios: [{ ...scenario, scenario: "decorate", points: [] }],
  } as unknown as LatencyReport;
  expect(tailSection(onlyUserCode)).toContain("no such pair is measured here");
  expect(tailSection(onlyUserCode)).not.toContain("0.00 ms");
});

it("says how the platform was started when the report recorded it, and nothing for older reports", () => {
  const settings = { seconds: 10, saturationSeconds: 5, connections: 50, wrk: "wrk", cpus: "pinned" };
  expect(startedAs(settings)).toBe("");
  expect(startedAs({ ...settings, platform: "`npm start` in its own process" })).toBe(
    " The platform: `npm start` in its own process.",
  );
});

describe("reach", () => {
  it("says from the runs which rates k6 could not offer, not from a fixed sentence", () => {
    const at = (basis: RatePoint["basis"], share: number, skipped?: string): RatePoint =>
      point("platform", share, 1, { basis, ...(skipped === undefined ? {} : { skipped }) });
    const withPoints = (points: RatePoint[]) =>
      ({
        scenarios: [{ scenario: "s", title: "s", request: "r", saturation: [], points, problems: [] }],
      }) as unknown as LatencyReport;
    expect(reach(withPoints([at("mountebank", 0.25), at("platform", 0.5)]))).toBe(
      "Mountebank's shares were all measured, and so were the platform's own.",
    );
    expect(reach(withPoints([at("platform", 0.75, "beyond k6"), at("platform", 0.5, "beyond k6")]))).toBe(
      "Mountebank's shares were all measured, and the platform's own 50% and 75% were beyond k6 in at least one scenario.",
    );
  });
});
