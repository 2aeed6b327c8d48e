import { describe, expect, it } from "vitest";
import { testRequest } from "../../test/behaviors/test-request.ts";
import { candidatesOf, constraintsOf } from "../../test/compiler/index-probe.ts";
import { compilePredicate } from "../predicates/compile.ts";
import { createRequestView } from "../request/view.ts";
import type { Predicate } from "../schemas/predicate.ts";
import type { MbRequest } from "../schemas/request.ts";
import { evaluateStub } from "./evaluate-stub.ts";

describe("header and query literals: analysis", () => {
  it.each<[string, Predicate, Record<string, string[]>]>([
    [
      "contains, folded",
      { contains: { headers: { "X-Tenant": "Tenant-1;" } } },
      { "headersLiteral:ff:x-tenant": ["contains:tenant-1;"] },
    ],
    [
      "startsWith, case-sensitive",
      { startsWith: { query: { Q: "Ab" } }, caseSensitive: true },
      { "queryLiteral:xx:Q": ["prefix:Ab"] },
    ],
    [
      "names folded, values exact",
      { endsWith: { headers: { "X-A": "V" } }, caseSensitive: true, keyCaseSensitive: false },
      { "headersLiteral:fx:x-a": ["suffix:V"] },
    ],
    // Mountebank's endsWith searches from `length - undefined` (NaN, so 0) for a number: contains.
    ["endsWith a number", { endsWith: { headers: { n: 5 } } }, { "headersLiteral:ff:n": ["contains:5"] }],
    ["startsWith true", { startsWith: { query: { b: true } } }, { "queryLiteral:ff:b": ["prefix:true"] }],
    ["an empty literal is in every value", { contains: { headers: { a: "" } } }, {}],
    [
      "inherited names are skipped",
      { contains: { headers: { constructor: "x", b: "Y" } } },
      { "headersLiteral:ff:b": ["contains:y"] },
    ],
    [
      "names after a nested value are not trusted",
      { contains: { headers: { a: "x", b: { c: "y" }, d: "z" } } },
      { "headersLiteral:ff:a": ["contains:x"] },
    ],
    ["except rewrites values", { contains: { headers: { a: "x" } }, except: "\\d" }, {}],
    ["a selector rewrites values", { contains: { headers: { a: "x" } }, jsonpath: { selector: "$.a" } }, {}],
  ])("%s", (_name, predicate, expected) => {
    expect(constraintsOf([predicate])).toEqual(expected);
  });
});

const stubs: Predicate[][] = [
  [{ contains: { headers: { "X-Tenant": "tenant-1;" } } }],
  [{ startsWith: { headers: { "x-tenant": "ACME" } } }],
  [{ endsWith: { headers: { "x-tenant": "eu" } } }],
  [{ contains: { headers: { "x-tenant": "Tenant-1;" } }, caseSensitive: true }],
  [{ contains: { query: { q: "b" } } }],
];

/** Which of `stubs` match the request, each evaluated alone (the evaluator's answer). */
function matching(fields: Partial<MbRequest>): number[] {
  const view = createRequestView(testRequest(fields));
  return stubs.flatMap((predicates, position) =>
    evaluateStub(
      predicates.map((p) => compilePredicate(p)),
      view,
      undefined,
    ) === true
      ? [position]
      : [],
  );
}

describe("header and query literals: candidates", () => {
  // Every stub here has one literal constraint, so the candidates are exactly the matching stubs.
  it.each<[string, Partial<MbRequest>, number[]]>([
    ["every relation on one value", { headers: { "X-Tenant": "acme tenant-1; eu" } }, [0, 1, 2]],
    [
      "a repeated name matches by any value, case-sensitive names exactly",
      { headers: { "x-tenant": ["other", "ACME Tenant-1;"] } },
      [0, 1, 3],
    ],
    // Mountebank rebuilds the folded header map, so of two names that fold alike the last one counts.
    ["names that fold alike: the last wins", { headers: { "X-TENANT": "eu", "x-tenant": "acme" } }, [1]],
    ["a missing name reads as ''", { headers: {} }, []],
    ["a query value", { query: { q: ["a", "xB"] } }, [4]],
  ])("%s", (_name, fields, expected) => {
    expect(matching(fields)).toEqual(expected);
    expect(candidatesOf(stubs, fields)).toEqual(expected);
  });
});
