import { describe, expect, it } from "vitest";
import { CliError, ExplainedExit, reportError } from "./output.ts";

const captured = () => {
  const lines: string[] = [];
  return { lines, streams: { out: (t: string) => lines.push(t), err: (t: string) => lines.push(t) } };
};

describe("reportError", () => {
  it("prints an error, its details and hint, and answers its exit code", () => {
    const { lines, streams } = captured();
    expect(reportError(new CliError("it failed", ["why"], "do this", 1), false, streams)).toBe(1);
    expect(lines).toEqual(["✘ ERROR it failed\n\n  why\n\ndo this"]);
  });

  // `mockctl dev` on a taken port: the launcher's own line said why; a second one in another style was noise.
  it("prints nothing for a failure a child process explained, and passes its exit code on", () => {
    const { lines, streams } = captured();
    expect(
      reportError(new ExplainedExit("the platform exited with code 3", [], undefined, 3), false, streams),
    ).toBe(3);
    expect(lines).toEqual([]);
  });
});
