import { expect, it } from "vitest";
import { GRACE_MS, layout, MIN_SEGMENT_MS, parseDurationMs } from "./plan.js";

it.each([
  ["20s", 20_000],
  ["1500ms", 1_500],
  ["2m", 120_000],
  ["2.5s", 2_500],
  ["7", 7_000],
])("parses %s as %i ms", (text, ms) => {
  expect(parseDurationMs(text)).toBe(ms);
});

it.each(["", "fast", "-1s", "1h"])("refuses the duration %j", (text) => {
  expect(() => parseDurationMs(text)).toThrow(/not a duration/);
});

it("gives each request its own slot, a grace apart, sharing the scenario's duration", () => {
  expect(layout(["first", "last"], "segments", 10_000)).toEqual([
    { name: "first", startMs: 0, durationMs: 5_000 },
    { name: "last", startMs: 5_000 + GRACE_MS, durationMs: 5_000 },
  ]);
});

it("never makes a slot shorter than the minimum", () => {
  const slots = layout(["a", "b", "c", "d"], "segments", 2_000);
  expect(slots.every((slot) => slot.durationMs === MIN_SEGMENT_MS)).toBe(true);
});

it("mixes every request in one slot for a stress run", () => {
  expect(layout(["first", "last"], "mix", 10_000)).toEqual([{ name: "mix", startMs: 0, durationMs: 10_000 }]);
});
