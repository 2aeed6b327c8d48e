import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import type { Predicate } from "../schemas/predicate.ts";
import type { MbRequest } from "../schemas/request.ts";
import { evaluatePredicate } from "./compile.ts";
import { equalsTest } from "./equals.ts";

const mb = createRequire(import.meta.url)("mountebank/src/models/predicates.js") as {
  evaluate(predicate: unknown, request: unknown, encoding: string, logger: unknown, state: unknown): unknown;
};
const request = (fields: Partial<MbRequest>): MbRequest => ({
  requestFrom: "10.0.0.1:5000",
  method: "GET",
  path: "/",
  query: {},
  headers: {},
  body: "",
  ip: "10.0.0.1",
  ...fields,
});

// Every row is also evaluated by Mountebank's predicates.js, which must give the same answer.
const CASES: Array<[string, Predicate, Partial<MbRequest>, boolean]> = [
  ["same path", { equals: { path: "/a" } }, { path: "/a" }, true],
  ["values ignore case", { equals: { path: "/A", method: "get" } }, { path: "/a" }, true],
  [
    "keys ignore case",
    { equals: { PATH: "/a", Headers: { ACCEPT: "x" } } },
    { path: "/a", headers: { Accept: "x" } },
    true,
  ],
  ["caseSensitive values", { equals: { path: "/A" }, caseSensitive: true }, { path: "/a" }, false],
  [
    "caseSensitive keys",
    { equals: { headers: { accept: "x" } }, caseSensitive: true },
    { headers: { Accept: "x" } },
    false,
  ],
  [
    "keyCaseSensitive false folds keys only",
    { equals: { headers: { accept: "x" } }, caseSensitive: true, keyCaseSensitive: false },
    { headers: { Accept: "x" } },
    true,
  ],
  [
    "keyCaseSensitive false keeps value case",
    { equals: { headers: { accept: "X" } }, caseSensitive: true, keyCaseSensitive: false },
    { headers: { Accept: "x" } },
    false,
  ],
  ["number equals its string", { equals: { query: { n: 1 } } }, { query: { n: "1" } }, true],
  ["boolean equals its string", { equals: { query: { b: true } } }, { query: { b: "TRUE" } }, true],
  ["missing field is ''", { equals: { query: { q: "" } } }, {}, true],
  ["missing field is not 'x'", { equals: { query: { q: "x" } } }, {}, false],
  ["unknown top-level field is ''", { equals: { nope: "" } }, {}, true],
  ["requestFrom folds to requestfrom", { equals: { requestfrom: "10.0.0.1:5000" } }, {}, true],
  ["except on both sides", { equals: { path: "/a1" }, except: "\\d" }, { path: "/a22" }, true],
  ["scalar against repeated key: any", { equals: { query: { k: "b" } } }, { query: { k: ["a", "b"] } }, true],
  [
    "array against repeated key: all",
    { equals: { query: { k: ["b", "c"] } } },
    { query: { k: ["a", "b"] } },
    false,
  ],
  ["array against single value", { equals: { query: { k: ["a"] } } }, { query: { k: "a" } }, true],
  [
    "object against JSON body, extra fields",
    { equals: { body: { a: { B: 1 } } } },
    { body: '{"a":{"b":1},"c":2}' },
    true,
  ],
  ["object against non-JSON body", { equals: { body: { a: 1 } } }, { body: "a=1" }, false],
  [
    "object against JSON array of objects",
    { equals: { body: { id: 2 } } },
    { body: '[{"id":1},{"id":2}]' },
    true,
  ],
  ["JSON null field equals null", { equals: { body: { a: null } } }, { body: '{"a":null}' }, true],
  ["JSON null field is not 'null'", { equals: { body: { a: "null" } } }, { body: '{"a":null}' }, false],
  ["string expected against JSON body text", { equals: { body: '{"a":1}' } }, { body: '{"a":1}' }, true],
  ["empty object against missing form", { equals: { form: {} } }, {}, false],
  ["empty object against present form", { equals: { form: {} } }, { form: { a: "1" } }, true],
  [
    "exists key lets truthy expectations pass arrays",
    { equals: { query: { k: "z" } }, exists: {} },
    { query: { k: ["a", "b"] } },
    true,
  ],
];

describe("equals", () => {
  it.each(CASES)("%s", (_name, predicate, fields, expected) => {
    const req = request(fields);
    expect(evaluatePredicate(predicate, req)).toBe(expected);
    expect(mb.evaluate(predicate, structuredClone(req), "utf8", {}, {})).toBe(expected);
  });

  it.each<[unknown, unknown, boolean]>([
    [1, "1", true],
    [null, null, true],
    [null, "null", false],
    ["a,b", ["a", "b"], true],
  ])("compares %j and %j through toString", (expected, actual, result) => {
    expect(equalsTest(expected, actual)).toBe(result);
  });

  it("compares base64-decoded values in binary mode", () => {
    const req = request({ body: "aGVsbG8=" });
    expect(evaluatePredicate({ equals: { body: "aGVsbG8=" } }, req, { encoding: "base64" })).toBe(true);
    expect(evaluatePredicate({ equals: { body: "SGVMTE8=" } }, req, { encoding: "base64" })).toBe(true);
    expect(mb.evaluate({ equals: { body: "SGVMTE8=" } }, req, "base64", {}, {})).toBe(true);
  });
});
