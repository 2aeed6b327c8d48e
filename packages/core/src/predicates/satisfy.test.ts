import { describe, expect, it } from "vitest";
import { request } from "../../test/predicates/mb-oracle.ts";
import { createRequestView } from "../request/view.ts";
import { equalsTest } from "./equals.ts";
import { existsTest } from "./exists.ts";
import { holds, type Satisfaction, satisfied } from "./satisfy.ts";

const rules = (overrides: Partial<Satisfaction> = {}): Satisfaction => ({
  test: equalsTest,
  parseJson: (_view, text) => {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  },
  existsKey: false,
  ...overrides,
});

const view = createRequestView(request({}));

// predicateSatisfied in Mountebank's models/predicates.js, rule by rule.
describe("satisfied", () => {
  it.each<[string, object, unknown, boolean]>([
    ["field by field", { a: "1", b: "2" }, { a: 1, b: "2", c: 3 }, true],
    ["a falsy actual fails", {}, "", false],
    ["a JSON string actual is parsed", { a: "1" }, '{"a":1}', true],
    ["missing actual field is ''", { z: "" }, { a: 1 }, true],
    ["scalar against array: any", { a: "2" }, { a: [1, 2] }, true],
    ["array against array: all", { a: ["1", "3"] }, { a: [1, 2] }, false],
    ["array against array: subset", { a: ["2"] }, { a: [1, 2, 3] }, true],
    ["object against array of objects", { a: { id: 2 } }, { a: [{ id: 1 }, { id: 2 }] }, true],
    ["left-off array syntax", { key: "third" }, '[{"key":"first"},{"other":1},{"key":"third"}]', true],
    ["array expectation against a string indexes it", { q: ["a", "b"] }, { q: "ab" }, true],
    ["JSON null has no fields", { a: "" }, "null", false],
    ["JSON null, no fields asked", {}, "null", true],
  ])("%s", (_name, expected, actual, result) => {
    expect(satisfied(expected, actual, view, rules())).toBe(result);
  });

  it("lets any truthy expectation pass an array when the predicate has an exists key", () => {
    expect(satisfied({ a: "x" }, { a: ["y"] }, view, rules({ existsKey: true }))).toBe(true);
    expect(satisfied({ a: "x" }, { a: ["y"] }, view, rules())).toBe(false);
    expect(satisfied({ a: false }, { a: ["y"] }, view, rules({ test: existsTest, existsKey: true }))).toBe(
      false,
    );
  });
});

describe("holds", () => {
  it("turns a missing actual into '' before testing", () => {
    const seen: unknown[] = [];
    holds("x", undefined, view, rules({ test: (_e, a) => seen.push(a) > 0 }));
    expect(seen).toEqual([""]);
  });
});
