import { describe, expect, it } from "vitest";
import { progressLine } from "./progress.ts";

describe("progressLine", () => {
  it.each([
    [0, 8, "[░░░░░░░░░░░░░░░░░░░░░░░░] 0/8 start"],
    [2, 8, "[██████░░░░░░░░░░░░░░░░░░] 2/8 start"],
    [8, 8, "[████████████████████████] 8/8 start"],
  ])("%i of %i", (done, total, expected) => {
    expect(progressLine(done, total, "start")).toBe(expected);
  });
});
