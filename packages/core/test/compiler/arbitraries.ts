import fc from "fast-check";
import type { Predicate } from "../../src/schemas/predicate.ts";
import { nestedBodyExpectation } from "./nested-bodies.ts";
import {
  BODIES,
  FIELD_TEXTS,
  HEADER_NAMES,
  LITERALS,
  METHODS,
  PATHS,
  pick,
  QUERY_KEYS,
  REGEXES,
  SCALARS,
  SELECTORS,
  XPATHS,
} from "./vocabulary.ts";

/**
 * Random stubs for the index-vs-oracle property tests. Every shape the index understands appears, next
 * to shapes it must leave alone (or/not, except, caseSensitive, selectors, inject, throwing predicates).
 */

const fieldShapes: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  fc.record({ method: pick(METHODS) }),
  fc.record({ path: pick(PATHS) }),
  fc.record({ method: pick(METHODS), path: pick(PATHS) }),
  fc.record({ headers: fc.dictionary(pick(HEADER_NAMES), SCALARS, { minKeys: 1, maxKeys: 2 }) }),
  fc.record({ query: fc.dictionary(pick(QUERY_KEYS), SCALARS, { minKeys: 1, maxKeys: 2 }) }),
  fc.record({ body: fc.oneof(SCALARS, pick(BODIES)) }),
  fc.record({
    body: fc.dictionary(
      pick(["id", "ID", "k", "name", "a", "length"]),
      pick(["", "1", 1, "x", "bob", true]),
      {
        maxKeys: 2,
      },
    ),
  }),
  fc.record({
    body: fc.constantFrom(
      { id: 1 },
      { ID: "1", name: "BOB" },
      { a: { b: "c" } },
      { tags: ["a", "b"], id: "1" },
    ),
  }),
  fc.record({ path: pick(PATHS), query: fc.constantFrom({ q: ["a", "b"] }, { n: { x: 1 } }) }),
  fc.record({ body: nestedBodyExpectation }),
  fc.record({ method: pick(METHODS), body: nestedBodyExpectation }),
);

/** Header and query literals (issue 12), often parts of the request's values, names in both cases. */
const fieldLiterals: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  fc.record({ headers: fc.dictionary(pick(HEADER_NAMES), pick(FIELD_TEXTS), { minKeys: 1, maxKeys: 2 }) }),
  fc.record({ query: fc.dictionary(pick(QUERY_KEYS), pick(FIELD_TEXTS), { minKeys: 1, maxKeys: 2 }) }),
);

const except = fc.constantFrom("\\d", "");
const jsonpath = fc.record({ selector: pick(SELECTORS) });
const xpath = fc.record({ selector: pick(XPATHS) });
const params: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  { weight: 8, arbitrary: fc.constant({}) },
  { weight: 2, arbitrary: fc.record({ caseSensitive: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ caseSensitive: fc.boolean(), keyCaseSensitive: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ except }) },
  { weight: 2, arbitrary: fc.record({ jsonpath }) },
  { weight: 2, arbitrary: fc.record({ xpath }) },
  { weight: 1, arbitrary: fc.record({ caseSensitive: fc.boolean(), jsonpath, xpath }, { requiredKeys: [] }) },
);

const leaf: fc.Arbitrary<Predicate> = fc
  .oneof(
    { weight: 6, arbitrary: fc.tuple(pick(["equals", "deepEquals"]), fieldShapes, params) },
    {
      weight: 3,
      arbitrary: fc.tuple(
        pick(["startsWith", "endsWith", "contains"]),
        fc.record({ path: pick(LITERALS) }),
        params,
      ),
    },
    { weight: 1, arbitrary: fc.tuple(pick(["contains", "exists"]), fieldShapes, params) },
    { weight: 3, arbitrary: fc.tuple(pick(["startsWith", "endsWith", "contains"]), fieldLiterals, params) },
    { weight: 3, arbitrary: fc.tuple(fc.constant("matches"), fc.record({ path: pick(REGEXES) }), params) },
    // issue 12's XPath shape: `exists` of an element with an attribute value.
    {
      weight: 2,
      arbitrary: fc.tuple(
        fc.constant("exists"),
        fc.record({ body: pick([true, false, "x"]) }),
        fc.record({ xpath }),
      ),
    },
    // `except` rewrites both sides, so a literal on the raw value would prove nothing.
    {
      weight: 1,
      arbitrary: fc.tuple(
        pick(["equals", "endsWith"]),
        fc.record({ path: pick(PATHS) }),
        fc.constantFrom({ except: "\\d+" }, { except: "^/a" }),
      ),
    },
    // Shapes that throw whenever they are evaluated: both matchers must reach them at the same point.
    {
      weight: 1,
      arbitrary: fc.tuple(
        pick(["equals", "matches"]),
        fc.record({ path: pick(["[", "/a"]) }),
        fc.constantFrom(
          { except: "[" },
          { xpath: { selector: "//[" } },
          { xpath: { selector: "string(//id)" } },
          {},
        ),
      ),
    },
    {
      weight: 3,
      arbitrary: fc.tuple(
        pick(["equals", "deepEquals"]),
        fc.record({ body: pick(["", "1", "x", "bob", 1, 2, true]) }),
        fc.oneof(
          fc.record({ jsonpath }),
          fc.record({ xpath }),
          fc.record({ jsonpath, caseSensitive: fc.boolean() }),
          fc.record({ xpath, caseSensitive: fc.boolean() }),
        ),
      ),
    },
  )
  .map(([operator, fields, extra]) => ({ [operator]: fields, ...extra }) as Predicate);

export const INJECT_SOURCES = ["true", "false", "async-true", "async-false", "throw"];

export const predicate: fc.Arbitrary<Predicate> = fc.letrec<{ p: Predicate }>((tie) => ({
  p: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    { weight: 8, arbitrary: leaf },
    { weight: 1, arbitrary: fc.array(tie("p"), { maxLength: 3 }).map((or) => ({ or })) },
    { weight: 1, arbitrary: fc.array(tie("p"), { maxLength: 3 }).map((and) => ({ and })) },
    { weight: 1, arbitrary: tie("p").map((not) => ({ not })) },
    { weight: 1, arbitrary: pick(INJECT_SOURCES).map((inject) => ({ inject })) },
  ),
})).p;

export const stubPredicates = fc.array(predicate, { maxLength: 3 });

/** Stubs made only of shapes the index constrains, so answers often come from constrained stubs. */
export const indexedStubPredicates: fc.Arbitrary<Predicate[]> = fc.array(
  fc
    .oneof(
      fc.tuple(pick(["equals", "deepEquals"]), fieldShapes),
      fc.tuple(pick(["startsWith", "endsWith", "contains"]), fc.record({ path: pick(LITERALS) })),
      fc.tuple(fc.constant("matches"), fc.record({ path: pick(REGEXES) })),
      fc.tuple(pick(["startsWith", "endsWith", "contains"]), fieldLiterals),
    )
    .map(([operator, fields]) => ({ [operator]: fields }) as Predicate),
  { minLength: 1, maxLength: 2 },
);

/** ORs across fields (issue 12), sometimes nested or beside another indexed predicate. */
const indexedOr: fc.Arbitrary<Predicate> = fc
  .array(
    fc.oneof(
      { weight: 3, arbitrary: indexedStubPredicates.map((and) => (and.length === 1 ? and[0]! : { and })) },
      { weight: 1, arbitrary: indexedStubPredicates.map((or) => ({ or })) },
    ),
    { minLength: 1, maxLength: 3 },
  )
  .map((or) => ({ or }));

export const indexedOrStubPredicates: fc.Arbitrary<Predicate[]> = fc.oneof(
  indexedOr.map((or) => [or]),
  fc.tuple(indexedStubPredicates, indexedOr).map(([and, or]) => [...and, or]),
);
