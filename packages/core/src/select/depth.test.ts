import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deeperThan, MAX_BODY_DEPTH, parseJsonBody } from "./depth.ts";

const nestedArrays = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;

/** The plain recursive definition, for values shallow enough to recurse over. */
const depthOf = (value: unknown): number =>
  typeof value === "object" && value !== null ? 1 + Math.max(0, ...Object.values(value).map(depthOf)) : 0;

describe("deeperThan", () => {
  it.each([
    ["a scalar", 1, 0, false],
    ["[] at 1", [], 1, false],
    ["[] past 0", [], 0, true],
    ['{"a":[]} at 2', { a: [] }, 2, false],
    ['{"a":[]} past 1', { a: [] }, 1, true],
    ["siblings do not add up", [[[1]], [[2]], { b: [3] }], 3, false],
    ["the deepest branch counts", [1, [2, [3]], { b: { c: {} } }], 3, true],
    ["an own __proto__ key is walked", JSON.parse('{"__proto__":{"a":{}}}'), 2, true],
  ])("%s", (_name, value, max, deeper) => {
    expect(deeperThan(value, max)).toBe(deeper);
  });

  it("agrees with the recursive depth on any JSON value", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 6 }), (value, max) => {
        expect(deeperThan(value, max)).toBe(depthOf(value) > max);
      }),
    );
  });

  it("answers for a value far deeper than the stack", () => {
    expect(deeperThan(JSON.parse(nestedArrays(200_000)), 300)).toBe(true);
  });
});

describe("parseJsonBody", () => {
  it("parses JSON up to the limit and answers undefined past it, as for text that is not JSON", () => {
    expect(parseJsonBody(nestedArrays(MAX_BODY_DEPTH))).toBeInstanceOf(Array);
    expect(parseJsonBody(nestedArrays(MAX_BODY_DEPTH + 1))).toBeUndefined();
    expect(parseJsonBody(nestedObjects(200_000))).toBeUndefined();
    expect(parseJsonBody(`[${" ".repeat(1000)}[]]`)).toEqual([[]]);
    expect(parseJsonBody("{")).toBeUndefined();
    expect(parseJsonBody("null")).toBeNull();
  });
});
