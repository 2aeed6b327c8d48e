import { describe, expect, it } from "vitest";
import { parseInterval } from "./interval.ts";

describe("parseInterval", () => {
  it.each([
    [undefined, 500],
    ["50", 50],
    ["1000", 1000],
    ["60000", 60000],
  ])("reads %j as %i ms", (text, ms) => {
    expect(parseInterval(text, "logs")).toBe(ms);
  });

  // Number("abc") is NaN, which setTimeout takes as 1 ms: the CLI sent 1,192 requests in 3 s that way.
  it.each([
    "abc",
    "0",
    "49",
    "60001",
    "1e3",
    "-5",
    "",
    "500ms",
    " 500",
  ])("refuses %j as a usage error, exit 2", (text) => {
    expect(() => parseInterval(text, "logs")).toThrow(
      expect.objectContaining({
        message: `invalid --interval: ${text} (give whole milliseconds from 50 to 60000)`,
        exitCode: 2,
      }),
    );
  });
});
