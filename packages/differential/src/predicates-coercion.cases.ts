import { type ExchangeCase, form, get, json, predicateCase as p, post } from "./case-types.ts";

/** Coercions and edge rules of predicateSatisfied and normalize that are easy to get subtly wrong. */
export const coercionCases: ExchangeCase[] = [
  p(
    "equals body '' matches a missing body",
    [{ equals: { body: "" } }],
    [
      [get("/"), true],
      [post("/", "x"), false],
    ],
  ),
  p(
    "JSON numbers are compared by their JS string",
    [{ equals: { body: { n: "1.0" } } }],
    [
      [post("/", '{"n":1.0}'), false],
      [post("/", '{"n":"1.0"}'), true],
    ],
  ),
  p(
    "JSON numbers beyond double precision",
    [{ equals: { body: { n: "12345678901234567000" } } }],
    [
      [post("/", '{"n":12345678901234567890}'), true],
      [post("/", '{"n":"12345678901234567890"}'), false],
    ],
  ),
  p(
    "lower-casing is Unicode-aware",
    [{ equals: { body: "ÉCOLE" } }],
    [
      [post("/", "école"), true],
      [post("/", "ecole"), false],
    ],
  ),
  p(
    "an array expectation against a string indexes its characters",
    [{ equals: { query: { k: ["b"] } } }],
    [
      [get("/?k=bcd"), true],
      [get("/?k=cbd"), false],
    ],
  ),
  p(
    "equals an array of objects inside a JSON body",
    [{ equals: { body: { items: [{ id: 1 }] } } }],
    [
      [json({ items: [{ id: 2 }, { id: 1, x: 2 }] }), true],
      [json({ items: [{ id: 2 }] }), false],
    ],
  ),
  p(
    "contains an object against an array of objects",
    [{ contains: { body: { items: { name: "ET" } } } }],
    [
      [json({ items: [{ name: "Pet" }, { name: "Dog" }] }), true],
      [json({ items: [{ name: "Dog" }] }), false],
    ],
  ),
  p(
    "deepEquals a scalar against repeated keys fails",
    [{ deepEquals: { query: { k: "a" } } }],
    [
      [get("/?k=a&k=b"), false],
      [get("/?k=A"), true],
    ],
  ),
  p(
    "deepEquals a JSON array body",
    [{ deepEquals: { body: [{ b: 2 }, { a: 1 }] } }],
    [
      [json([{ a: 1 }, { b: 2 }]), true],
      [json([{ a: 1 }]), false],
    ],
  ),
  p(
    "jsonpath selecting an object",
    [{ equals: { body: { b: "x" } }, jsonpath: { selector: "$.a" } }],
    [
      [json({ a: { b: "X", c: 1 } }), true],
      [json({ a: { b: "y" } }), false],
    ],
  ),
  p(
    "caseSensitive on or does not reach its children",
    [{ or: [{ equals: { path: "/A" } }], caseSensitive: true }],
    [
      [get("/a"), true],
      [get("/b"), false],
    ],
  ),
  p(
    "matches folds keys but not the pattern",
    [{ matches: { headers: { "X-TOKEN": "^[A-Z]+$" } } }],
    [
      [get("/", [["x-token", "abc"]]), true],
      [get("/", [["x-token", "ab1"]]), false],
    ],
  ),
  p(
    "except applies to query values",
    [{ equals: { query: { id: "42" } }, except: "^id-" }],
    [
      [get("/?id=ID-42"), true],
      [get("/?id=42x"), false],
    ],
  ),
  p(
    "repeated form keys behave like repeated query keys",
    [{ equals: { form: { a: ["2", "1"] } } }],
    [
      [form("a=1&a=2&a=3"), true],
      [form("a=1"), false],
    ],
  ),
  p(
    "an empty header value does not exist",
    [{ exists: { headers: { "X-Empty": false } } }],
    [
      [get("/", [["X-Empty", ""]]), true],
      [get("/", [["X-Empty", "v"]]), false],
    ],
  ),
  p(
    "a GET may carry a body",
    [{ equals: { method: "GET", body: "payload" } }],
    [
      [{ method: "GET", path: "/", body: "payload" }, true],
      [get("/"), false],
    ],
  ),
];
