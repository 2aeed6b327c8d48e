import { type ExchangeCase, form, get, json, predicateCase as p, post } from "./case-types.ts";

/** deepEquals, contains, startsWith, endsWith: one case per behaviour. */
export const operatorCases: ExchangeCase[] = [
  p(
    "deepEquals body rejects extra fields",
    [{ deepEquals: { body: { name: "bob" } } }],
    [
      [json({ name: "bob" }), true],
      [json({ name: "bob", x: 1 }), false],
    ],
  ),
  p(
    "deepEquals body forces strings",
    [{ deepEquals: { body: { name: "bob", x: "1" } } }],
    [
      [json({ name: "bob", x: 1 }), true],
      [json({ name: "bob", x: 2 }), false],
    ],
  ),
  p(
    "deepEquals body arrays ignore order but not length",
    [{ deepEquals: { body: { items: ["b", "a"] } } }],
    [
      [json({ items: ["a", "b"] }), true],
      [json({ items: ["a", "b", "c"] }), false],
    ],
  ),
  p(
    "deepEquals body nested object is exact",
    [{ deepEquals: { body: { a: { b: 1 } } } }],
    [
      [json({ a: { b: "1" } }), true],
      [json({ a: { b: 1, c: 2 } }), false],
    ],
  ),
  p(
    "deepEquals body null is the string 'null'",
    [{ deepEquals: { body: { a: null } } }],
    [
      [json({ a: null }), true],
      [json({ a: "null" }), true],
      [json({ a: "x" }), false],
    ],
  ),
  p(
    "deepEquals body string",
    [{ deepEquals: { body: "abc" } }],
    [
      [post("/", "ABC"), true],
      [post("/", "abcd"), false],
    ],
  ),
  p(
    "deepEquals empty query matches only no query",
    [{ deepEquals: { query: {} } }],
    [
      [get("/"), true],
      [get("/?a=1"), false],
    ],
  ),
  p(
    "deepEquals query arrays ignore order",
    [{ deepEquals: { query: { k: ["b", "a"] } } }],
    [
      [get("/?k=a&k=b"), true],
      [get("/?k=a&k=b&k=c"), false],
      [get("/?k=a"), false],
    ],
  ),
  p(
    "deepEquals query numbers",
    [{ deepEquals: { query: { n: 1, m: "x" } } }],
    [
      [get("/?m=X&n=1"), true],
      [get("/?n=1"), false],
    ],
  ),
  p(
    "deepEquals form",
    [{ deepEquals: { form: { a: "1", b: "2" } } }],
    [
      [form("b=2&a=1"), true],
      [form("a=1"), false],
    ],
  ),
  p(
    "deepEquals path caseSensitive",
    [{ deepEquals: { path: "/A" }, caseSensitive: true }],
    [
      [get("/A"), true],
      [get("/a"), false],
    ],
  ),
  p(
    "contains body, case-insensitive",
    [{ contains: { body: "needle" } }],
    [
      [post("/", "hay NEEDLE stack"), true],
      [post("/", "haystack"), false],
    ],
  ),
  p(
    "contains a number expectation",
    [{ contains: { body: 12 } }],
    [
      [post("/", "a12b"), true],
      [post("/", "a1b2"), false],
    ],
  ),
  p(
    "contains query against repeated keys",
    [{ contains: { query: { k: "b" } } }],
    [
      [get("/?k=xa&k=yb"), true],
      [get("/?k=xa&k=yc"), false],
    ],
  ),
  p(
    "contains header value",
    [{ contains: { headers: { "X-Token": "abc" } } }],
    [
      [get("/", [["x-token", "123ABC456"]]), true],
      [get("/", [["x-token", "123"]]), false],
    ],
  ),
  p(
    "startsWith path",
    [{ startsWith: { path: "/api" } }],
    [
      [get("/api/users"), true],
      [get("/v1/api"), false],
    ],
  ),
  p(
    "startsWith the empty string always holds",
    [{ startsWith: { body: "" } }],
    [
      [post("/", "anything"), true],
      [get("/"), true],
    ],
  ),
  p(
    "startsWith a JSON body field",
    [{ startsWith: { body: { name: "bo" } } }],
    [
      [json({ name: "Bob" }), true],
      [json({ name: "rob" }), false],
    ],
  ),
  p(
    "endsWith path",
    [{ endsWith: { path: ".json" } }],
    [
      [get("/a/b.JSON"), true],
      [get("/a/b.xml"), false],
    ],
  ),
  p(
    "endsWith caseSensitive",
    [{ endsWith: { path: ".json" }, caseSensitive: true }],
    [
      [get("/a.json"), true],
      [get("/a.JSON"), false],
    ],
  ),
];
