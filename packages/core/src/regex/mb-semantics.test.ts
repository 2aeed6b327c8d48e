import { describe, expect, it } from "vitest";
import { mb, request } from "../../test/predicates/mb-oracle.ts";
import { evaluatePredicate } from "../predicates/compile.ts";
import type { Predicate } from "../schemas/predicate.ts";
import type { MbRequest } from "../schemas/request.ts";
import { compileUserRegex } from "./user-regex.ts";

const logger = { warn() {} };

/**
 * Mountebank 2.9.1's regex semantics, held against its own predicate code, for patterns on both of
 * our engines (the engine column says which one runs the `matches` pattern, so both stay covered).
 */
const CASES: Array<[string, "v8" | "re2", Predicate, Partial<MbRequest>, boolean]> = [
  [
    "anchored, classes",
    "v8",
    { matches: { path: "^/items/[a-z]+-\\d+$" } },
    { path: "/items/Widget-42" },
    true,
  ],
  [
    "caseSensitive drops the i flag",
    "v8",
    { matches: { path: "^/A$" }, caseSensitive: true },
    { path: "/a" },
    false,
  ],
  [
    "unanchored with a quantifier",
    "re2",
    { matches: { path: "/users/\\d+" } },
    { path: "/api/users/7/x" },
    true,
  ],
  ["alternation", "re2", { matches: { path: "^/(cats|dogs)/\\d+$" } }, { path: "/DOGS/3" }, true],
  ["lazy quantifier", "re2", { matches: { body: "^<.+?>$" } }, { body: "<a><b>" }, true],
  ["negated class under i", "v8", { matches: { body: "^[^a]+$" } }, { body: "bAb" }, false],
  ["negated class under i, unanchored", "re2", { matches: { body: "A[^a]+$" } }, { body: "aAbA" }, false],
  ["dot stops at a newline", "re2", { matches: { body: "a.*b" } }, { body: "a\nb" }, false],
  ["\\s takes a no-break space", "re2", { matches: { body: "a\\s+b" } }, { body: "a\u00a0b" }, true],
  ["word boundary", "re2", { matches: { body: "\\bid\\b" } }, { body: "an id here" }, true],
  ["optional group", "re2", { matches: { path: "^/v(\\d)?/x" } }, { path: "/v/x" }, true],
  ["number from a JSON body", "re2", { matches: { body: { n: "4\\d*" } } }, { body: '{"n":42}' }, true],
  ["query value", "re2", { matches: { query: { q: "^a.*z$" } } }, { query: { q: "abcz" } }, true],
  ["except with a class", "re2", { equals: { path: "/a" }, except: "\\d+" }, { path: "/a123" }, true],
  [
    "except folds with caseSensitive",
    "re2",
    { equals: { body: "ab" }, except: "x+", caseSensitive: true },
    { body: "aXbx" },
    false,
  ],
  ["except under matches", "v8", { matches: { path: "^/ab$" }, except: "[0-9]" }, { path: "/a1b2" }, true],
];

describe("Mountebank's regex semantics", () => {
  it.each(CASES)("%s", (_name, engine, predicate, fields, expected) => {
    const pattern = predicate.matches === undefined ? predicate.except : firstString(predicate.matches);
    const flags = predicate.matches === undefined ? "g" : predicate.caseSensitive ? "" : "i";
    expect(compileUserRegex(String(pattern), flags).engine).toBe(engine);
    const req = request(fields);
    expect(evaluatePredicate(predicate, req)).toBe(expected);
    expect(mb.evaluate(predicate, structuredClone(req), "utf8", logger, {})).toBe(expected);
  });
});

function firstString(value: unknown): string {
  if (typeof value === "string") return value;
  return firstString(Object.values(value as object)[0]);
}
