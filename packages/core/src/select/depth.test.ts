import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonTextDeeperThan, MAX_BODY_DEPTH, parseJsonBody, valueDepth } from "./depth.ts";

const nestedArrays = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
const nestedObjects = (depth: number) => '{"a":'.repeat(depth) + "1" + "}".repeat(depth);

describe("jsonTextDeeperThan", () => {
  it.each([
    ["arrays at the limit", nestedArrays(3), false],
    ["arrays past the limit", nestedArrays(4), true],
    ["objects past the limit", nestedObjects(4), true],
    ["brackets inside strings do not count", `[["[[[[[[","{{{{{"]]`, false],
    ["escaped quotes do not end a string", String.raw`[["\"[[[[[[[[[[\\"]]`, false],
    ["an escaped backslash before a quote ends it", String.raw`["\\",[[["x"]]]]`, true],
    ["siblings do not add up", "[[[1]],[[2]],[[3]],[[4]]]", false],
  ])("%s", (_name, text, deeper) => {
    expect(jsonTextDeeperThan(text, 3)).toBe(deeper);
  });

  it("agrees with the depth of the parsed tree on any JSON value", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 6 }), (value, max) => {
        const text = JSON.stringify(value);
        expect(jsonTextDeeperThan(text, max)).toBe(valueDepth(value, max) > max);
      }),
    );
  });
});

describe("parseJsonBody", () => {
  it("parses JSON up to the limit and answers undefined past it, as for text that is not JSON", () => {
    expect(parseJsonBody(nestedArrays(MAX_BODY_DEPTH))).toBeInstanceOf(Array);
    expect(parseJsonBody(nestedArrays(MAX_BODY_DEPTH + 1))).toBeUndefined();
    expect(parseJsonBody(nestedObjects(200_000))).toBeUndefined();
    expect(parseJsonBody("{")).toBeUndefined();
    expect(parseJsonBody("null")).toBeNull();
  });
});

describe("valueDepth", () => {
  it.each([
    [1, 0],
    [[], 1],
    [{ a: [] }, 2],
    [[1, [2, [3]], { b: { c: {} } }], 4],
  ])("%j is %i deep", (value, depth) => {
    expect(valueDepth(value, 10)).toBe(depth);
  });

  it("stops past the limit, whatever the depth", () => {
    expect(valueDepth(JSON.parse(nestedArrays(200_000)), 300)).toBe(301);
  });
});
