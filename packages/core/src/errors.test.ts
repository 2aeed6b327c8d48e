import { describe, expect, it } from "vitest";
import { badData, badStubIndex, fail, MbFailure, ok, unwrap } from "./errors.ts";

describe("errors", () => {
  it("carries every error when thrown", () => {
    const failure = new MbFailure(badData("a"), badData("b"));
    expect(failure.message).toBe("a");
    expect(failure.errors).toHaveLength(2);
    expect(failure.kind).toBe("bad data");
  });

  it("unwraps a value, or throws the errors with the result's kind", () => {
    expect(unwrap(ok(3))).toBe(3);
    expect(() => unwrap(fail(badData("no")))).toThrow(expect.objectContaining({ kind: "bad data" }));
    expect(() => unwrap(badStubIndex())).toThrow(expect.objectContaining({ kind: "stub index" }));
  });
});
