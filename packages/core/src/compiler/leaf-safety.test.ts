import { describe, expect, it } from "vitest";
import { testRequest } from "../../test/behaviors/test-request.ts";
import { compilePredicate } from "../predicates/compile.ts";
import { createRequestView } from "../request/view.ts";
import type { Predicate } from "../schemas/predicate.ts";
import { type ComparisonOperator, readLeafParams } from "./leaf-params.ts";
import { fieldMayThrow, safeBodyField, safeName } from "./leaf-safety.ts";

function mayThrow(
  operator: ComparisonOperator,
  field: string,
  value: unknown,
  extra: Partial<Predicate> = {},
) {
  const params = readLeafParams({ [operator]: { [field]: value }, ...extra } as Predicate, operator);
  if (params === undefined) throw new Error("unreadable parameters");
  return fieldMayThrow(operator, field, value, params);
}

describe("fieldMayThrow", () => {
  // The "may throw" rows marked mb were checked against a running mb 2.9.1 (a TypeError response).
  it.each<[ComparisonOperator, string, unknown, Partial<Predicate>, boolean]>([
    ["equals", "body", { a: "x" }, {}, true], // mb: body `null` → reading 'a' of null
    ["exists", "body", { a: true }, {}, true], // mb: same
    ["matches", "body", { a: "x" }, {}, true], // mb: same
    ["contains", "body", { a: "x" }, {}, true], // mb: body {"a":5} → indexOf is not a function
    ["equals", "path", "/a", {}, false],
    ["equals", "query", { q: "1" }, {}, false],
    ["equals", "query", { q: { a: 1 } }, {}, true],
    ["deepEquals", "body", { a: { b: 1 } }, {}, false],
    ["contains", "path", "/a", {}, false],
    ["contains", "headers", { "x-a": "b" }, {}, false],
    ["contains", "query", "x", {}, true],
    ["endsWith", "path", null, {}, true],
    ["contains", "body", "x", { jsonpath: { selector: "$.a" } }, true],
    ["equals", "body", "x", { jsonpath: { selector: "$.a" } }, true], // body {"a":[{"__proto__":null},"x"]}
    ["deepEquals", "path", "/a", { jsonpath: { selector: "$.a" } }, true],
    ["matches", "path", "^/a", {}, false],
    ["matches", "path", "[", {}, true],
    ["matches", "query", { q: "(" }, {}, true],
  ])("%s %s %j %j → %s", (operator, field, value, extra, expected) => {
    expect(mayThrow(operator, field, value, extra)).toBe(expected);
  });
});

describe("names the index may look up", () => {
  it.each([
    ["x-tenant", true, true],
    ["constructor", false, false],
    ["__proto__", false, false],
    ["length", true, false],
    ["0", true, false],
    ["toFixed", true, false],
    ["orderId", true, true],
  ])("%s: header/query %s, body field %s", (name, asName, asBodyField) => {
    expect(safeName(name)).toBe(asName);
    expect(safeBodyField(name)).toBe(asBodyField);
  });
});

describe("what makes a JSONPath predicate throw", () => {
  it("sorting a selection that holds an object without a prototype", () => {
    const predicate = compilePredicate({ equals: { body: "" }, jsonpath: { selector: "$..id" } });
    const body = '{"id":{"__proto__":null,"id":"x"},"user":"x"}';
    expect(() => predicate(createRequestView(testRequest({ body })))).toThrow(TypeError);
  });
});
