import { describe, expect, it } from "vitest";
import { mb, request } from "../../test/predicates/mb-oracle.ts";
import type { Predicate } from "../schemas/predicate.ts";
import type { MbRequest } from "../schemas/request.ts";
import { evaluatePredicate } from "./compile.ts";
import { containsTest, endsWithTest, startsWithTest } from "./string-ops.ts";

const CASES: Array<[string, Predicate, Partial<MbRequest>, boolean]> = [
  ["contains", { contains: { body: "LL" } }, { body: "hello" }, true],
  ["contains, caseSensitive", { contains: { body: "LL" }, caseSensitive: true }, { body: "hello" }, false],
  ["contains empty string", { contains: { body: "" } }, { body: "" }, true],
  ["startsWith", { startsWith: { path: "/API" } }, { path: "/api/v1" }, true],
  ["startsWith elsewhere", { startsWith: { path: "v1" } }, { path: "/api/v1" }, false],
  ["endsWith", { endsWith: { path: "/V1" } }, { path: "/api/v1" }, true],
  ["endsWith longer than actual", { endsWith: { path: "/x/api/v1" } }, { path: "/api/v1" }, false],
  [
    "endsWith with a number acts as contains",
    { endsWith: { body: { a: 1 } } },
    { body: '{"a":"123"}' },
    true,
  ],
  ["contains in JSON field", { contains: { body: { a: "ell" } } }, { body: '{"a":"Hello"}' }, true],
  ["contains any repeated value", { contains: { query: { k: "b" } } }, { query: { k: ["xa", "xb"] } }, true],
  [
    "contains all expected values",
    { contains: { query: { k: ["a", "c"] } } },
    { query: { k: ["xa", "xb"] } },
    false,
  ],
  [
    "nested array uses array indexOf",
    { startsWith: { body: { a: "x" } } },
    { body: '{"a":[["x","y"]]}' },
    true,
  ],
  ["except then contains", { contains: { path: "ab" }, except: "-" }, { path: "/a-b" }, true],
];

describe("contains, startsWith, endsWith", () => {
  it.each(CASES)("%s", (_name, predicate, fields, expected) => {
    const req = request(fields);
    expect(evaluatePredicate(predicate, req)).toBe(expected);
    expect(mb.evaluate(predicate, structuredClone(req), "utf8", {}, {})).toBe(expected);
  });

  it("is no match where Mountebank crashes: a number in a JSON body has no indexOf", () => {
    const req = request({ body: '{"a":5}' });
    expect(evaluatePredicate({ contains: { body: { a: "5" } } }, req)).toBe(false);
    expect(() =>
      mb.evaluate({ contains: { body: { a: "5" } } }, structuredClone(req), "utf8", {}, {}),
    ).toThrow(TypeError);
  });

  it.each<[string, (e: unknown, a: unknown) => boolean, unknown, unknown, boolean]>([
    ["contains", containsTest, "b", "abc", true],
    ["contains null", containsTest, null, "xnullx", true],
    ["startsWith", startsWithTest, "a", "abc", true],
    ["endsWith", endsWithTest, "bc", "abc", true],
    ["endsWith number", endsWithTest, 1, "123", true],
    ["endsWith on array", endsWithTest, "y", ["x", "y"], true],
    ["contains on boolean", containsTest, "t", true, false],
  ])("%s(%j, %j)", (_name, test, expected, actual, result) => {
    expect(test(expected, actual)).toBe(result);
  });
});
