import { describe, expect, it } from "vitest";
import { parsePort } from "./port.ts";

// The contract's port rule (mb looks an imposter up by the literal segment, so "04545" names none).
describe("parsePort", () => {
  it.each([
    ["4545", 4545],
    ["1", 1],
    ["65535", 65535],
  ])("reads %s", (text, port) => {
    expect(parsePort(text, "requests")).toBe(port);
  });

  it.each([
    ["04545"],
    ["0"],
    ["65536"],
    ["45a"],
    ["-1"],
    [""],
    [" 4545"],
    ["4545.0"],
  ])("refuses %j as a usage error that states the rule", (text) => {
    expect(() => parsePort(text, "requests")).toThrow(
      expect.objectContaining({
        message: `invalid port: ${text} (give 1-65535, no leading zero)`,
        exitCode: 2,
      }),
    );
  });

  it("refuses a missing port", () => {
    expect(() => parsePort(undefined, "requests")).toThrow("invalid port: (none)");
  });
});
