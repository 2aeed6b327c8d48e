import { createRequire } from "node:module";
import fc from "fast-check";
import { JSONPath } from "jsonpath-plus";
import { describe, expect, it } from "vitest";
import { jsonText } from "../../test/predicates/json-text.ts";
import { compileJsonPath, plainNames, selectJsonPath } from "./jsonpath.ts";

// Mountebank's own module (jsonpath-plus 7, native eval) is the oracle.
const mbJsonPath = createRequire(import.meta.url)("mountebank/src/models/jsonpath.js") as {
  select(selector: string, source: unknown): unknown;
};

const STORE = JSON.stringify({
  store: {
    book: [
      { title: "a", price: 5, isbn: "x" },
      { title: "b", price: 15 },
      { title: "c", price: 8, tags: ["t1", "t2"] },
    ],
    bicycle: { color: "red", price: 20 },
  },
});

describe("selectJsonPath", () => {
  it.each([
    ["$.store.book[*].title", STORE, ["a", "b", "c"]],
    ["$.store.bicycle.color", STORE, ["red"]], // one match is still an array
    ["$..book[?(@.price<10)].title", STORE, ["a", "c"]],
    ["$..book[?(@.isbn)].title", STORE, ["a"]],
    ["$..book[?(@.title=='b')].price", STORE, [15]],
    ["$..book[-1:].title", STORE, ["c"]],
    ["$.store.bicycle", STORE, [{ color: "red", price: 20 }]],
    ["$.nope", STORE, undefined],
    ["$.a", '{"a":null}', [null]],
    ["$.a", '{"a":false}', [false]],
    ["$", "[1,2]", [[1, 2]]],
    ["$[1]", [1, 2], [2]], // parsed values are used as they are
    ["$.a", "not json", undefined],
    ["$", "0", undefined], // falsy documents select nothing
    ["$", '""', undefined],
    ["$", '"text"', ["text"]],
    ["$.a", undefined, undefined],
    ["bad[[", STORE, undefined],
    ["$..book[?(@.tags.indexOf('t2')>-1)].title", STORE, undefined], // a failing script selects nothing
  ])("%s on %j", (selector, source, expected) => {
    expect(selectJsonPath(selector, source)).toEqual(expected);
    expect(mbJsonPath.select(selector, source)).toEqual(expected);
  });

  it("agrees with Mountebank on a grid of selectors and documents", () => {
    const docs = [STORE, "[1,2,3]", '{"a":null,"b":false,"c":0,"d":""}', "5", "null", '{"a.b":1,"a b":2}'];
    const selectors = [
      "$",
      "$..price",
      "$..*",
      "$.store.*",
      "$..book[0,1]",
      "$..book[::2].title",
      "$['a.b']",
    ];
    for (const doc of docs) {
      for (const selector of selectors) {
        expect(selectJsonPath(selector, doc)).toEqual(mbJsonPath.select(selector, doc));
      }
    }
  });
});

/** Every selection through jsonpath-plus, as before plain names were followed directly. */
function viaJsonPathPlus(selector: string, source: unknown): unknown[] | undefined {
  try {
    const json = typeof source === "object" && source !== null ? source : JSON.parse(String(source));
    const result: unknown = JSONPath({ path: selector, json, eval: "safe", wrap: true });
    return Array.isArray(result) && result.length > 0 ? result : undefined;
  } catch {
    return undefined;
  }
}

const PLAIN = [
  "$.a",
  "$.a.b",
  "$[0]",
  "$.a[1]",
  "a.length",
  "$.id.0",
  "$.__proto__",
  "$.a.01",
  "$['a']['b']",
];
const MORE_PLAIN = ["$.a-b", "$.constructor", "$.toString", "$.length", "id", "$.A"];

describe("compileJsonPath on plain names", () => {
  it.each([...PLAIN, ...MORE_PLAIN])("reads %s as plain names", (selector) => {
    expect(plainNames(selector)).toBeDefined();
  });

  it.each([
    "$",
    "$..a",
    "$.*",
    "$.a[*]",
    "$.a[0,1]",
    "$.a[-1:]",
    "$[?(@.a)]",
    "$.a~",
    "$.a.^",
    "$['a b']",
    "$.$",
  ])("leaves %s to jsonpath-plus", (selector) => {
    expect(plainNames(selector)).toBeUndefined();
  });

  it("selects what jsonpath-plus selects, from parsed values and from text", () => {
    const source = fc.oneof(
      jsonText,
      jsonText.map((text) => text.toLowerCase()),
      jsonText.map((text) => {
        try {
          return JSON.parse(text.toLowerCase()) as unknown;
        } catch {
          return text;
        }
      }),
      fc.jsonValue(),
    );
    let selected = 0;
    fc.assert(
      fc.property(fc.constantFrom(...PLAIN, ...MORE_PLAIN), source, (selector, value) => {
        const result = compileJsonPath(selector)(value);
        if (result !== undefined) selected++;
        expect(result).toEqual(viaJsonPathPlus(selector, value));
      }),
      { numRuns: 5000 },
    );
    expect(selected).toBeGreaterThan(200);
  });
});
