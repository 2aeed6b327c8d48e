import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { selectJsonPath } from "./jsonpath.ts";

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
