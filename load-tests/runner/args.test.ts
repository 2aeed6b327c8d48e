import { expect, it } from "vitest";
import { SCENARIOS } from "../fixtures/scenarios.ts";
import { parseRunArgs } from "./args.ts";
import { selectRuns } from "./session.ts";

it("measures every scenario on every target by default", () => {
  const args = parseRunArgs([]);
  expect(args).toMatchObject({ smoke: false, duration: "20s", vus: 50, stressVus: 200, pin: true });
  expect(args.targets).toEqual(["mountebank", "platform", "floor"]);
  // Every scenario on all three targets, plus the floor's plain GET /.
  expect(selectRuns(args)).toHaveLength((SCENARIOS.length - 1) * 3 + 1);
});

it("keeps a smoke run short and light, unless told otherwise", () => {
  expect(parseRunArgs(["--smoke"])).toMatchObject({ smoke: true, duration: "2s", vus: 4, stressVus: 10 });
  expect(parseRunArgs(["--smoke", "--duration", "5s", "--vus", "8"])).toMatchObject({
    duration: "5s",
    vus: 8,
  });
});

it("runs the floor along with --only, on the same scenarios and its plain GET /", () => {
  const runs = selectRuns(parseRunArgs(["--only", "rest-api,xpath"]));
  expect(runs.map((run) => `${run.target}:${run.scenario.id}`)).toEqual([
    "mountebank:rest-api",
    "platform:rest-api",
    "floor:rest-api",
    "mountebank:xpath",
    "platform:xpath",
    "floor:xpath",
    "floor:floor",
  ]);
});

it("runs each scenario on the chosen targets back to back, in the same target order", () => {
  const runs = selectRuns(parseRunArgs(["--only", "baseline", "--targets", "floor,mountebank"]));
  expect(runs.map((run) => `${run.target}:${run.scenario.id}`)).toEqual([
    "mountebank:baseline",
    "floor:baseline",
    "floor:floor",
  ]);
});

it.each([
  [["--only", "rest-api,nope"], /unknown scenario: nope/],
  [["--targets", "staging"], /unknown target: staging/],
  [["--vus", "0"], /--vus must be a positive integer/],
  [["--duration", "soon"], /not a duration/],
  [["--bogus"], /Unknown option/],
])("refuses %j", (argv, message) => {
  expect(() => parseRunArgs(argv)).toThrow(message);
});

it("pins k6 and the targets to CPUs of their own unless --no-pin", () => {
  expect(parseRunArgs(["--no-pin"]).pin).toBe(false);
  expect(parseRunArgs(["--smoke"]).pin).toBe(true);
});

it("calls a run partial when it is not the committed report's, which then stays as it was", () => {
  expect(parseRunArgs([]).partial).toBe(false);
  for (const argv of [
    ["--only", "baseline"],
    ["--duration", "3s"],
    ["--vus", "8"],
    ["--targets", "platform"],
  ]) {
    expect(parseRunArgs(argv).partial, argv.join(" ")).toBe(true);
  }
});
