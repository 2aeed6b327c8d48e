import { describe, expect, it } from "vitest";
import { createProgress, type ProgressOptions, progressLine } from "./progress.ts";

describe("progressLine", () => {
  it.each([
    [0, 8, "[░░░░░░░░░░░░░░░░░░░░░░░░] 0/8 start"],
    [2, 8, "[██████░░░░░░░░░░░░░░░░░░] 2/8 start"],
    [8, 8, "[████████████████████████] 8/8 start"],
  ])("%i of %i", (done, total, expected) => {
    expect(progressLine(done, total, "start")).toBe(expected);
  });
});

/** What a deploy of `total` writes when each step takes `stepMs`. */
function written(total: number, stepMs: number, isTTY: boolean, options: ProgressOptions = {}): string[] {
  const writes: string[] = [];
  let clock = 1_000_000;
  const progress = createProgress(
    total,
    { isTTY, write: (text) => writes.push(text) },
    {
      ...options,
      now: () => clock,
    },
  );
  for (let i = 0; i < total; i++) {
    clock += stepMs;
    progress.tick(`create ${4545 + i}`);
  }
  progress.done();
  return writes;
}

// QA: in CI (stdout not a terminal) a 1000-imposter deploy printed nothing for 24 s.
describe("createProgress, not on a terminal", () => {
  it("prints a plain line every 2 s at most, without escape codes", () => {
    expect(written(20, 500, false)).toEqual([
      "deploying: 4/20 imposters (2 s)\n",
      "deploying: 8/20 imposters (4 s)\n",
      "deploying: 12/20 imposters (6 s)\n",
      "deploying: 16/20 imposters (8 s)\n",
    ]);
  });

  it.each([
    ["a deploy shorter than 2 s", 20, 50, {}],
    ["--json", 20, 500, { json: true }],
    ["a few imposters", 4, 5000, {}],
  ])("prints nothing for %s", (_name, total, stepMs, options) => {
    expect(written(total, stepMs, false, options)).toEqual([]);
  });
});

describe("createProgress, on a terminal", () => {
  it("draws the bar over itself and clears it", () => {
    const writes = written(5, 500, true);
    expect(writes[0]).toBe(`\r\x1b[2K${progressLine(1, 5, "create 4545")}`);
    expect(writes).toHaveLength(6);
    expect(writes.at(-1)).toBe("\r\x1b[2K");
  });
});
