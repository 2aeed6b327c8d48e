import { describe, expect, it } from "vitest";
import type { Predicate } from "../schemas/predicate.ts";
import { analyzeStub } from "./analyze.ts";

/** Constraints as `{ id: keys }`, literal alternatives written `relation:text`. */
function summary(predicates: Predicate[]): { constraints: Record<string, string[]>; safe: boolean } {
  const analysis = analyzeStub(predicates);
  const constraints: Record<string, string[]> = {};
  for (const c of analysis.constraints.values()) {
    if (c.type === "any") constraints[c.id] = c.alternatives.map((a) => a.id);
    else
      constraints[c.id] =
        c.type === "eq" ? [...c.keys] : c.alternatives.map((a) => `${a.relation}:${a.text}`);
  }
  return { constraints, safe: analysis.safe };
}

const inject = "function () { return true; }";

describe("analyzeStub", () => {
  it.each<[string, Predicate[], Record<string, string[]>, boolean]>([
    [
      "method and path, folded",
      [{ equals: { method: "GET", path: "/A" } }],
      { "method:f": ["get"], "path:f": ["/a"] },
      true,
    ],
    [
      "caseSensitive keeps case",
      [{ equals: { method: "GET" }, caseSensitive: true }],
      { "method:x": ["GET"] },
      true,
    ],
    [
      "a header name",
      [{ equals: { headers: { "X-Tenant": "Acme" } } }],
      { "headers:ff:x-tenant": ["acme"] },
      true,
    ],
    ["a number equals its text", [{ equals: { query: { n: 1 } } }], { "query:ff:n": ["1"] }, true],
    [
      "keys folded, values exact",
      [{ equals: { headers: { "X-A": "V" } }, caseSensitive: true, keyCaseSensitive: false }],
      { "headers:fx:x-a": ["V"] },
      true,
    ],
    [
      "body fields up to the first array, nested objects by path",
      [{ equals: { body: { id: 5, nested: { a: 1 }, list: [1], after: "z" } } }],
      { "bodyField:id": ["5"], 'bodyPath:["nested","a"]': ["1"] },
      false,
    ],
    ["startsWith path", [{ startsWith: { path: "/API" } }], { "pathLiteral:f": ["prefix:/api"] }, true],
    [
      "regex literal",
      [{ matches: { path: "^/Users/\\d+$" } }],
      { "pathLiteral:f": ["prefix:/users/"] },
      true,
    ],
    ["anchored regex is an exact path", [{ matches: { path: "^/Exact$" } }], { "path:f": ["/exact"] }, true],
    [
      "case-sensitive regex",
      [{ matches: { path: "^/Exact$" }, caseSensitive: true }],
      { "path:x": ["/Exact"] },
      true,
    ],
    [
      "OR unions a shared dimension",
      [{ or: [{ equals: { path: "/a" } }, { equals: { path: "/b", method: "GET" } }] }],
      { "path:f": ["/a", "/b"] },
      true,
    ],
    ["inject first hides what follows", [{ inject }, { equals: { path: "/a" } }], {}, false],
    [
      "inject last keeps what precedes",
      [{ equals: { path: "/a" } }, { inject }],
      { "path:f": ["/a"] },
      false,
    ],
    ["except rewrites values", [{ equals: { path: "/a" }, except: "\\d" }], {}, true],
    [
      "jsonpath transforms every field",
      [{ equals: { path: "/a" }, jsonpath: { selector: "$.x" } }],
      {},
      false,
    ],
    [
      "jsonpath body selection",
      [{ equals: { body: "X" }, jsonpath: { selector: "$.Id" } }],
      { "jsonpath:$.id": ["x"] },
      false,
    ],
    [
      "xpath body selection",
      [{ equals: { body: "X" }, xpath: { selector: "//Id" } }],
      { "xpath:[]://id": ["x"] },
      true,
    ],
    [
      "a malformed xpath throws",
      [{ equals: { body: "x" }, xpath: { selector: "//[" } }, { equals: { path: "/a" } }],
      {},
      false,
    ],
    ["inherited names are not indexed", [{ equals: { headers: { constructor: "x" } } }], {}, true],
    ["not is opaque", [{ not: { equals: { path: "/a" } } }], {}, true],
    [
      "AND of two paths intersects",
      [{ equals: { path: "/a" } }, { equals: { path: "/b" } }],
      { "path:f": [] },
      true,
    ],
    // `?q=a&q=b` satisfies both (each predicate holds when any value equals): no intersection.
    [
      "AND of two values of a repeated query key keeps one",
      [{ equals: { query: { q: "a" } } }, { equals: { query: { q: "b" } } }],
      { "query:ff:q": ["a"] },
      true,
    ],
    [
      "AND of two values of a header keeps one",
      [{ equals: { headers: { "X-T": "a" } } }, { equals: { headers: { "X-T": "b" } } }],
      { "headers:ff:x-t": ["a"] },
      true,
    ],
    [
      "contains on a JSON body may throw",
      [{ contains: { body: { a: "x" } } }, { equals: { path: "/a" } }],
      {},
      false,
    ],
    ["several operators are left alone", [{ equals: { path: "/a" }, contains: { path: "/a" } }], {}, false],
    [
      "a nested and flattens",
      [{ and: [{ equals: { method: "put" } }, { endsWith: { path: ".JSON" } }] }],
      { "method:f": ["put"], "pathLiteral:f": ["suffix:.json"] },
      true,
    ],
  ])("%s", (_name, predicates, constraints, safe) => {
    expect(summary(predicates)).toEqual({ constraints, safe });
  });

  it("indexes deepEquals on a body object by the text the predicate compares", () => {
    const { constraints } = summary([{ deepEquals: { body: { B: [2, 1], a: "X" } } }]);
    expect(constraints).toEqual({ bodyShape: ['{"a":"x","b":["1","2"]}'] });
  });
});
