import { describe, expect, it } from "vitest";
import { jsonContains, problems } from "./expect.js";

describe("jsonContains", () => {
  it.each([
    ["equal scalars", 1, 1, true],
    ["different scalars", "1", 1, false],
    ["an object with extra keys", { a: 1, b: 2 }, { a: 1 }, true],
    ["a missing key", { a: 1 }, { b: undefined }, false],
    ["a nested difference", { a: { b: 1 } }, { a: { b: 2 } }, false],
    ["an array in another order", [{ p: 2 }, { p: 1 }], [{ p: 1 }, { p: 2 }], true],
    ["an array with one more member", [{ p: 1 }, { p: 2 }], [{ p: 1 }], false],
    ["an array where an object is expected", [{ a: 1 }], { a: 1 }, false],
    ["null where an object is expected", null, { a: 1 }, false],
    ["an unparsable body", undefined, { a: 1 }, false],
  ])("%s", (_, actual, expected, result) => {
    expect(jsonContains(actual, expected)).toBe(result);
  });
});

describe("problems", () => {
  const right = { status: 200, body: "pong", durationMs: 1 };

  it("finds nothing wrong with the expected answer", () => {
    expect(problems(right, { status: 200, body: "pong" })).toEqual([]);
  });

  it.each([
    ["a wrong status", { ...right, status: 404 }, { status: 200, body: "pong" }, /status 404, expected 200/],
    [
      "a wrong body with the right status",
      { ...right, body: "pang" },
      { status: 200, body: "pong" },
      /body "pang"/,
    ],
    [
      "a body without the expected JSON",
      { ...right, body: '{"a":2}' },
      { status: 200, json: { a: 1 } },
      /expected JSON/,
    ],
    ["a body that is not JSON", right, { status: 200, json: {} }, /expected JSON/],
    [
      "an answer too fast to have waited",
      right,
      { status: 200, minDurationMs: 9 },
      /1\.0 ms, expected at least 9/,
    ],
  ])("reports %s", (_, answer, expectation, message) => {
    const found = problems(answer, expectation);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(message);
  });

  it("reports status and body separately, so a fast wrong answer fails twice", () => {
    expect(
      problems({ status: 500, body: "oops", durationMs: 1 }, { status: 200, body: "pong" }),
    ).toHaveLength(2);
  });

  it("treats a missing body as empty", () => {
    expect(problems({ status: 204, body: null, durationMs: 1 }, { status: 204, body: "" })).toEqual([]);
  });
});
