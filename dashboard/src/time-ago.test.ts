import { describe, expect, it } from "vitest";
import { timeAgo } from "./time-ago.ts";

const NOW = Date.parse("2026-11-25T02:00:00.000Z");
const before = (ms: number) => new Date(NOW - ms).toJSON();

describe("timeAgo", () => {
  it.each([
    [null, "never"],
    [undefined, "never"],
    ["not a time", "unknown"],
    [before(-2_000), "just now"],
    [before(400), "just now"],
    [before(12_300), "12 s ago"],
    [before(59_999), "59 s ago"],
    [before(60_000), "1 min ago"],
    [before(3 * 3_600_000 + 5), "3 h ago"],
    [before(50 * 3_600_000), "2 d ago"],
  ])("%j reads %j", (at, text) => {
    expect(timeAgo(at, NOW)).toBe(text);
  });
});
