import { expect, it } from "vitest";
import { LATENCY_SCENARIOS, parseLatencyArgs } from "./args.ts";

it("runs every scenario with the committed report's settings by default", () => {
  const args = parseLatencyArgs([]);
  expect(args).toMatchObject({ seconds: 10, saturationSeconds: 5, repeat: 3, partial: false });
  expect(args.only).toEqual(LATENCY_SCENARIOS.map((scenario) => scenario.id));
});

it.each([
  [["--only", "baseline"]],
  [["--seconds", "3"]],
  [["--saturation-seconds", "2"]],
  [["--repeat", "1"]],
])("calls %j partial, so LATENCY.md stays as committed", (argv) => {
  expect(parseLatencyArgs(argv).partial).toBe(true);
});
