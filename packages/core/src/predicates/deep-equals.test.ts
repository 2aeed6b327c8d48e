import { describe, expect, it } from "vitest";
import { mb, request } from "../../test/predicates/mb-oracle.ts";
import { createRequestView } from "../request/view.ts";
import type { Predicate } from "../schemas/predicate.ts";
import type { MbRequest } from "../schemas/request.ts";
import { compilePredicate, evaluatePredicate } from "./compile.ts";

const CASES: Array<[string, Predicate, Partial<MbRequest>, boolean]> = [
  ["same query", { deepEquals: { query: { a: "1", b: "2" } } }, { query: { b: "2", a: "1" } }, true],
  ["extra query key fails", { deepEquals: { query: { a: "1" } } }, { query: { a: "1", b: "2" } }, false],
  ["empty query, none sent", { deepEquals: { query: {} } }, {}, true],
  ["empty query, one sent", { deepEquals: { query: {} } }, { query: { a: "" } }, false],
  [
    "repeated key in any order",
    { deepEquals: { query: { k: ["b", "a"] } } },
    { query: { k: ["a", "b"] } },
    true,
  ],
  [
    "repeated key needs every value",
    { deepEquals: { query: { k: ["a"] } } },
    { query: { k: ["a", "b"] } },
    false,
  ],
  [
    "numbers and null become strings",
    { deepEquals: { body: { a: 1, b: null } } },
    { body: '{"a":"1","b":"null"}' },
    true,
  ],
  ["number in body equals string", { deepEquals: { body: { a: "1" } } }, { body: '{"a":1}' }, true],
  ["body extra field fails", { deepEquals: { body: { a: "1" } } }, { body: '{"a":1,"b":2}' }, false],
  ["body arrays in any order", { deepEquals: { body: { a: [2, 1] } } }, { body: '{"a":[1,2]}' }, true],
  [
    "body objects in arrays in any order",
    { deepEquals: { body: [{ a: 2 }, { a: 1 }] } },
    { body: '[{"a":1},{"a":2}]' },
    true,
  ],
  ["body case folded", { deepEquals: { body: { NAME: "BOB" } } }, { body: '{"name":"bob"}' }, true],
  [
    "body case kept",
    { deepEquals: { body: { NAME: "BOB" } }, caseSensitive: true },
    { body: '{"name":"bob"}' },
    false,
  ],
  ["object against non-JSON text", { deepEquals: { body: {} } }, { body: "x" }, false],
  ["string against string", { deepEquals: { body: "Hello" } }, { body: "hello" }, true],
  ["missing form", { deepEquals: { form: {} } }, {}, false],
  ["only named fields count", { deepEquals: { path: "/" } }, { query: { a: "1" } }, true],
  ["except removed first", { deepEquals: { path: "/a" }, except: "\\d+" }, { path: "/a12" }, true],
  [
    "jsonpath selection",
    { deepEquals: { body: ["1", "2"] }, jsonpath: { selector: "$..id" } },
    { body: '[{"id":2},{"id":1}]' },
    true,
  ],
  [
    "jsonpath single selection",
    { deepEquals: { body: "2" }, jsonpath: { selector: "$.a" } },
    { body: '{"a":2}' },
    true,
  ],
  // xpath count() stays a number, which stable JSON text tells apart from the string "2".
  [
    "xpath count is a number",
    { deepEquals: { body: "2" }, xpath: { selector: "count(//b)" } },
    { body: "<a><b/><b/></a>" },
    false,
  ],
  [
    "xpath node values",
    { deepEquals: { body: ["y", "x"] }, xpath: { selector: "//b" } },
    { body: "<a><b>x</b><b>y</b></a>" },
    true,
  ],
];

describe("deepEquals", () => {
  it.each(CASES)("%s", (_name, predicate, fields, expected) => {
    const req = request(fields);
    expect(evaluatePredicate(predicate, req)).toBe(expected);
    expect(mb.evaluate(predicate, structuredClone(req), "utf8", {}, {})).toBe(expected);
  });

  it("reuses the folded field across predicates on one request", () => {
    const view = createRequestView(request({ body: '{"a":1}' }));
    const maps = new Set<Map<string, unknown>>();
    const cache = view.cache;
    view.cache = (space) => {
      const map = cache.call(view, space);
      maps.add(map);
      return map;
    };
    const entries = () => [...maps].reduce((total, map) => total + map.size, 0);
    expect(compilePredicate({ deepEquals: { body: { a: 1 } } })(view)).toBe(true);
    const afterFirst = entries();
    expect(afterFirst).toBeGreaterThan(0);
    expect(compilePredicate({ deepEquals: { body: { a: 2 } } })(view)).toBe(false);
    expect(entries()).toBe(afterFirst);
  });
});
