import { describe, expect, it } from "vitest";
import { SCENARIOS } from "../fixtures/scenarios.ts";
import { outcome } from "./fakes.testing.ts";
import { evaluateGoals } from "./goals.ts";
import type { Outcome } from "./model.ts";

const pick = (...ids: string[]) => SCENARIOS.filter((scenario) => ids.includes(scenario.id));
const floor = outcome("floor", "floor", 10_000);

describe("ratios", () => {
  const outcomes: Outcome[] = [
    floor,
    outcome("regex-paths", "mountebank", 100, { perRequest: [{ name: "last", rps: 20 }] }),
    outcome("regex-paths", "platform", 9_000, { perRequest: [{ name: "last", rps: 1_900 }] }),
  ];
  const goals = evaluateGoals(pick("regex-paths"), outcomes);

  it.each([
    ["≥10× Mountebank", 90, "met"],
    ["≥100× Mountebank on the last of N", 95, "missed"],
  ])("%s is %d and %s", (goal, actual, status) => {
    expect(goals.find((g) => g.goal === goal)).toMatchObject({ scenario: "regex-paths", actual, status });
  });

  it("names the request a last-of-N goal is about", () => {
    expect(goals.find((g) => g.request !== undefined)?.request).toBe("last");
  });
});

it("marks exactly the needed ratio as met, and anything below it as missed", () => {
  const judged = (platform: number) =>
    evaluateGoals(pick("regex-paths"), [
      outcome("regex-paths", "mountebank", 100, { perRequest: [{ name: "last", rps: 10 }] }),
      outcome("regex-paths", "platform", platform, { perRequest: [{ name: "last", rps: platform }] }),
    ]).map((goal) => [goal.actual, goal.status]);
  expect(judged(1_000)).toEqual([
    [10, "met"],
    [100, "met"],
  ]);
  expect(judged(999)).toEqual([
    [9.99, "missed"],
    [99.9, "missed"],
  ]);
});

it("sets no goal against the floor: k6's run of it is k6's own ceiling (issue 12)", () => {
  const goals = evaluateGoals(pick("baseline"), [
    floor,
    outcome("baseline", "mountebank", 100),
    outcome("baseline", "platform", 1_000),
  ]);
  expect(goals.map((goal) => goal.goal)).toEqual(["≥10× Mountebank"]);
});

it.each([
  [8_500, "the platform ran at k6's ceiling (the floor's rate): a lower bound"],
  [8_499, undefined],
])("a platform at %d req/s against a floor at 10,000 gets the note %s", (rps, note) => {
  const [goal] = evaluateGoals(pick("baseline"), [
    floor,
    outcome("baseline", "mountebank", 100),
    outcome("baseline", "platform", rps),
  ]);
  expect(goal?.note).toBe(note);
});

it.each([
  ["failed", "failed"],
  ["error", "not measured"],
] as const)("a platform outcome that is %s makes its goals %s", (status, goalStatus) => {
  const goals = evaluateGoals(pick("baseline"), [
    floor,
    outcome("baseline", "mountebank", 100),
    outcome("baseline", "platform", 5_000, { status }),
  ]);
  expect(goals.every((goal) => goal.status === goalStatus)).toBe(true);
});

it("does not judge against a reference that failed or did not run", () => {
  const goals = evaluateGoals(pick("baseline"), [
    outcome("baseline", "mountebank", 100, { status: "failed" }),
    outcome("baseline", "platform", 5_000),
  ]);
  expect(goals.map((goal) => goal.status)).toEqual(["not measured"]);
});

it("holds user code to the Mountebank goal only, not to the floor", () => {
  const goals = evaluateGoals(pick("decorate"), [
    floor,
    outcome("decorate", "mountebank", 100),
    outcome("decorate", "platform", 900),
  ]);
  expect(goals.map((goal) => goal.goal)).toEqual(["≥10× Mountebank"]);
});

it("notes the ceiling a fixed wait puts on any server", () => {
  const goals = evaluateGoals(pick("wait"), [
    floor,
    outcome("wait", "mountebank", 3_000),
    outcome("wait", "platform", 4_500),
  ]);
  expect(goals[0]).toMatchObject({
    status: "missed",
    note: expect.stringContaining("50 VUs ÷ 10 ms = 5,000 req/s"),
  });
});

describe("a missed ratio to Mountebank that the floor cannot reach either", () => {
  const goals = evaluateGoals(pick("regex-paths"), [
    outcome("floor", "floor", 5_000),
    outcome("regex-paths", "mountebank", 1_000, { perRequest: [{ name: "last", rps: 40 }] }),
    outcome("regex-paths", "platform", 4_500, { perRequest: [{ name: "last", rps: 3_000 }] }),
  ]);
  const find = (goal: string) => goals.find((g) => g.goal === goal);

  it("is explained by the floor's own ratio", () => {
    expect(find("≥10× Mountebank")).toMatchObject({
      status: "missed",
      // 4,500 of the floor's 5,000: k6 held the platform back, and could not offer 10× Mountebank at all.
      note: "the platform ran at k6's ceiling (the floor's rate): a lower bound; unreachable here: the floor Worker itself is only 5.0× Mountebank",
    });
  });

  it("is not explained away when the floor could have reached it", () => {
    // The floor is 125× the last request's rate, the platform only 75×: that miss is the platform's own.
    expect(find("≥100× Mountebank on the last of N")).toMatchObject({ status: "missed" });
    expect(find("≥100× Mountebank on the last of N")?.note).toBeUndefined();
  });
});

describe("a floor run of the scenario's own requests", () => {
  const goals = evaluateGoals(pick("jsonpath"), [
    outcome("floor", "floor", 10_000),
    outcome("jsonpath", "floor", 6_000, { perRequest: [{ name: "last", rps: 5_000 }] }),
    outcome("jsonpath", "mountebank", 1_000, { perRequest: [{ name: "last", rps: 60 }] }),
    outcome("jsonpath", "platform", 5_400, { perRequest: [{ name: "last", rps: 4_500 }] }),
  ]);
  const find = (goal: string) => goals.find((g) => g.goal === goal);

  it("gives the floor's own rate on the last request to explain a last-of-N miss", () => {
    expect(find("≥100× Mountebank on the last of N")).toMatchObject({
      status: "missed",
      note: `unreachable here: the floor Worker itself is only ${(5_000 / 60).toFixed(1)}× Mountebank`,
    });
  });
});
