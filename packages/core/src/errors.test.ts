import { describe, expect, it } from "vitest";
import { badData, errorEnvelope, httpStatusFor, MbFailure } from "./errors.ts";

describe("errors", () => {
  it("renders Mountebank's envelope", () => {
    expect(errorEnvelope([badData("oops", { a: 1 })])).toEqual({
      errors: [{ code: "bad data", message: "oops", source: { a: 1 } }],
    });
  });
  it.each([
    ["bad data", 400],
    ["no such resource", 404],
    ["unauthorized", 401],
    ["internal error", 500],
  ] as const)("maps %s to %i", (code, status) => {
    expect(httpStatusFor(code)).toBe(status);
  });
  it("carries every error when thrown", () => {
    const failure = new MbFailure(badData("a"), badData("b"));
    expect(failure.message).toBe("a");
    expect(failure.errors).toHaveLength(2);
  });
});
