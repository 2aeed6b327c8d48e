import { describe, expect, it } from "vitest";
import { predicateDepth, walkPredicates } from "./predicate-walk.ts";

describe("walkPredicates", () => {
  it("visits every node depth first, in document order, with its depth", () => {
    const seen: Array<[unknown, number]> = [];
    const a = { equals: { path: "/a" } };
    const b = { inject: "x" };
    const c = { exists: { body: true } };
    const not = { not: { and: [a, b] } };
    walkPredicates([not, { or: [c, "s"] }], (node, depth) => {
      seen.push([node, depth]);
      return true;
    });
    expect(seen).toEqual([
      [not, 1],
      [not.not, 2],
      [a, 3],
      [b, 3],
      [{ or: [c, "s"] }, 1],
      [c, 2],
      ["s", 2],
    ]);
  });

  it("stops when the visitor says so", () => {
    let count = 0;
    walkPredicates([{ or: [{}, {}, {}] }], () => ++count < 2);
    expect(count).toBe(2);
  });

  it("ignores what is not a list of predicates", () => {
    let count = 0;
    walkPredicates({ equals: {} }, () => Boolean(++count));
    walkPredicates([{ or: {} }], () => Boolean(++count));
    expect(count).toBe(1);
  });

  it.each([
    [undefined, 0],
    [[], 0],
    [[{ equals: {} }], 1],
    [[{ not: { not: { equals: {} } } }, { or: [{ equals: {} }] }], 3],
  ])("measures depth of %j as %i", (predicates, depth) => {
    expect(predicateDepth(predicates)).toBe(depth);
  });

  it("walks nesting far deeper than the call stack", () => {
    let node: Record<string, unknown> = { equals: { path: "/" } };
    for (let i = 0; i < 50_000; i++) node = { not: node };
    expect(predicateDepth([node])).toBe(50_001);
  });
});
