import { describe, expect, it } from "vitest";
import { INTERVAL_MIN_ROUNDS, ratioInterval } from "./interval.ts";
import { median } from "./median.ts";

/** Rates that move round to round as this host's do: a fixed pattern of factors around `level`. */
const noisy = (level: number, rounds: number, spread: number, phase = 0): number[] =>
  Array.from({ length: rounds }, (_, i) => level * (1 + spread * Math.sin(1.7 * i + phase)));

describe("ratioInterval", () => {
  it("gives none for fewer rounds than it can resample", () => {
    const four = [1, 2, 3, 4];
    expect(INTERVAL_MIN_ROUNDS).toBe(5);
    expect(ratioInterval(four, four)).toBeUndefined();
    expect(ratioInterval([1, 2, 3, 4, 5], four)).toBeUndefined();
  });

  it("collapses to the ratio when every round reads the same", () => {
    expect(ratioInterval([90, 90, 90, 90, 90], [100, 100, 100, 100, 100])).toEqual({ low: 0.9, high: 0.9 });
  });

  it("holds the ratio of medians, and is the same every time for the same rounds", () => {
    const over = noisy(9_000, 40, 0.3);
    const under = noisy(10_000, 40, 0.3, 1);
    const interval = ratioInterval(over, under);
    const ratio = median(over) / median(under);
    expect(interval!.low).toBeLessThan(ratio);
    expect(interval!.high).toBeGreaterThan(ratio);
    expect(ratioInterval(over, under)).toEqual(interval);
  });

  it("narrows with more rounds, and with steadier ones", () => {
    const width = (rounds: number, spread: number) => {
      const interval = ratioInterval(noisy(9_000, rounds, spread), noisy(10_000, rounds, spread, 1))!;
      return interval.high - interval.low;
    };
    expect(width(5, 0.3)).toBeGreaterThan(width(40, 0.3));
    expect(width(40, 0.3)).toBeGreaterThan(width(40, 0.05));
    expect(width(40, 0.05)).toBeGreaterThan(0);
  });

  it("holds a lower level's interval inside its own, of the same draws", () => {
    const over = noisy(9_000, 40, 0.3);
    const under = noisy(10_000, 40, 0.3, 1);
    const wide = ratioInterval(over, under)!;
    const middle = ratioInterval(over, under, 0.5)!;
    expect(middle.low).toBeGreaterThan(wide.low);
    expect(middle.high).toBeLessThan(wide.high);
  });

  it("draws a round's two runs together, so a slow round slows both sides of its ratio", () => {
    // Each round's platform is 0.9 of that round's floor while the rounds themselves swing 3×: drawn
    // together the ratio never leaves 0.9; drawn apart it would spread with the swing.
    const floor = [5_000, 15_000, 7_000, 12_000, 9_000, 14_000];
    const platform = floor.map((rate) => rate * 0.9);
    const interval = ratioInterval(platform, floor)!;
    expect(interval.low).toBeCloseTo(0.9, 10);
    expect(interval.high).toBeCloseTo(0.9, 10);
  });
});
