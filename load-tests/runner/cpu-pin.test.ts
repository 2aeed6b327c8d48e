import { describe, expect, it } from "vitest";
import { describePinning, k6Command, pinRunner } from "./cpu-pin.ts";

describe("cpu pinning", () => {
  it("leaves one-core machines and --no-pin runs unpinned", () => {
    expect(pinRunner(true, 1)).toBeUndefined();
    expect(pinRunner(false, 8)).toBeUndefined();
  });

  it("starts k6 through taskset on its own CPU only when pinned", () => {
    expect(k6Command("/k6", ["run", "x.js"], undefined)).toEqual(["/k6", ["run", "x.js"]]);
    expect(k6Command("/k6", ["run", "x.js"], { serverCpu: 0, k6Cpu: 1 })).toEqual([
      "taskset",
      ["-c", "1", "/k6", "run", "x.js"],
    ]);
  });

  it("says in words where things ran", () => {
    expect(describePinning(undefined)).toBe("k6 and the target share every core");
    expect(describePinning({ serverCpu: 0, k6Cpu: 1 })).toBe("the target pinned to CPU 0, k6 to CPU 1");
  });
});
