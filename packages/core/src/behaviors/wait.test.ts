import { describe, expect, it, vi } from "vitest";
import { MbFailure } from "../errors.ts";
import { waitMilliseconds } from "./wait.ts";

describe("waitMilliseconds", () => {
  // parseInt as Mountebank applies it; "700ms" and "0x2BC" both waited ~700 ms on mb 2.9.1 (imposter 46220).
  it.each<[number | string, number]>([
    [500, 500],
    ["500", 500],
    ["700ms", 700],
    ["0x2BC", 700],
    [" 42", 42],
    [1.9, 1],
    [1e21, 1],
    [0, 0],
    ["-5", 0],
    [2 ** 31, 0],
  ])("waits %j as %i ms", async (value, ms) => {
    expect(await waitMilliseconds(value, {})).toBe(ms);
  });

  it("runs a function through the waitFunction seam", async () => {
    const waitFunction = vi.fn(async () => 600);
    expect(await waitMilliseconds("function () { return 600; }", { waitFunction })).toBe(600);
    expect(waitFunction).toHaveBeenCalledWith("function () { return 600; }");
  });

  it("refuses a function when there is no seam to run it", async () => {
    await expect(waitMilliseconds("function () { return 1; }", {})).rejects.toThrow(MbFailure);
    await expect(waitMilliseconds("function () { return 1; }", {})).rejects.toMatchObject({
      errors: [{ code: "invalid injection" }],
    });
  });

  it("lets the seam's failure through (mb: 500 'invalid wait injection')", async () => {
    const failure = new MbFailure({ code: "invalid injection", message: "invalid wait injection" });
    const waitFunction = async (): Promise<number> => {
      throw failure;
    };
    await expect(waitMilliseconds("function () { throw 1; }", { waitFunction })).rejects.toBe(failure);
  });
});
