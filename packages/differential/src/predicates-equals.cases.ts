import { type ExchangeCase, form, get, json, predicateCase as p, post } from "./case-types.ts";

/** equals over every request field, with its coercions, array rules and case rules (reference §1.5). */
export const equalsCases: ExchangeCase[] = [
  p(
    "equals path, case-insensitive by default",
    [{ equals: { path: "/a" } }],
    [
      [get("/a"), true],
      [get("/A"), true],
      [get("/a/"), false],
      [get("/b"), false],
    ],
  ),
  p(
    "equals method, case-insensitive",
    [{ equals: { method: "post" } }],
    [
      [post("/", "x"), true],
      [get("/"), false],
    ],
  ),
  p(
    "equals several fields must all hold",
    [{ equals: { method: "POST", path: "/x" } }],
    [
      [post("/x", "1"), true],
      [post("/y", "1"), false],
      [get("/x"), false],
    ],
  ),
  p(
    "equals caseSensitive path",
    [{ equals: { path: "/ABC" }, caseSensitive: true }],
    [
      [get("/ABC"), true],
      [get("/abc"), false],
    ],
  ),
  p(
    "equals body as a plain string",
    [{ equals: { body: "hello world" } }],
    [
      [post("/", "hello world"), true],
      [post("/", "HELLO WORLD"), true],
      [post("/", "hello world!"), false],
    ],
  ),
  p(
    "equals body string is a string compare, not JSON",
    [{ equals: { body: '{"a":1}' } }],
    [
      [post("/", '{"a":1}'), true],
      [post("/", '{"a": 1}'), false],
    ],
  ),
  p(
    "equals body object ignores key case and extra fields",
    [{ equals: { body: { Name: "BOB" } } }],
    [
      [json({ name: "bob", x: 1 }), true],
      [json({ name: "alice" }), false],
      [post("/", "name=bob"), false],
    ],
  ),
  p(
    "equals body nested object",
    [{ equals: { body: { a: { b: "c" } } } }],
    [
      [json({ a: { b: "c", d: 1 }, e: 2 }), true],
      [json({ a: { b: "x" } }), false],
      [json({ a: "c" }), false],
    ],
  ),
  p(
    "equals body number coerces to string",
    [{ equals: { body: { n: 5 } } }],
    [
      [json({ n: 5 }), true],
      [json({ n: "5" }), true],
      [json({ n: 50 }), false],
    ],
  ),
  p(
    "equals body boolean coerces to string",
    [{ equals: { body: { flag: true } } }],
    [
      [json({ flag: true }), true],
      [json({ flag: "TRUE" }), true],
      [json({ flag: false }), false],
    ],
  ),
  p(
    "equals body null expectation",
    [{ equals: { body: { a: null } } }],
    [
      [json({ a: null }), true],
      [json({ a: "x" }), false],
      [json({ b: 1 }), false],
    ],
  ),
  p(
    "equals body object against array of objects",
    [{ equals: { body: { items: { id: 2 } } } }],
    [
      [json({ items: [{ id: 1 }, { id: 2 }] }), true],
      [json({ items: [{ id: 1 }, { id: 3 }] }), false],
    ],
  ),
  p(
    "equals body expected array: every value in the actual array",
    [{ equals: { body: { tags: ["a", "b"] } } }],
    [
      [json({ tags: ["b", "c", "a"] }), true],
      [json({ tags: ["a", "c"] }), false],
    ],
  ),
  p(
    "equals body scalar against an actual array: any element",
    [{ equals: { body: { tags: "b" } } }],
    [
      [json({ tags: ["a", "b"] }), true],
      [json({ tags: ["a", "c"] }), false],
    ],
  ),
  p(
    "equals query number 1 equals '1'",
    [{ equals: { query: { n: 1 } } }],
    [
      [get("/?n=1"), true],
      [get("/?n=2"), false],
    ],
  ),
  p(
    "equals query empty string equals a missing key",
    [{ equals: { query: { q: "" } } }],
    [
      [get("/"), true],
      [get("/?q="), true],
      [get("/?q=x"), false],
    ],
  ),
  p(
    "equals query key without '=' is the empty string",
    [{ equals: { query: { flag: "" }, path: "/f" } }],
    [
      [get("/f?flag"), true],
      [get("/f?flag=on"), false],
    ],
  ),
  p(
    "equals query key is case-insensitive",
    [{ equals: { query: { Q: "X" } } }],
    [
      [get("/?q=x"), true],
      [get("/?q=y"), false],
    ],
  ),
  p(
    "equals query caseSensitive keys and values",
    [{ equals: { query: { Q: "x" } }, caseSensitive: true }],
    [
      [get("/?Q=x"), true],
      [get("/?q=x"), false],
      [get("/?Q=X"), false],
    ],
  ),
  p(
    "equals query array expectation against repeated keys",
    [{ equals: { query: { k: ["b"] } } }],
    [
      [get("/?k=a&k=b"), true],
      [get("/?k=a"), false],
    ],
  ),
  p(
    "equals query scalar against repeated keys: any value",
    [{ equals: { query: { a: "2" } } }],
    [
      [get("/?a=1&a=2"), true],
      [get("/?a=1&a=3"), false],
    ],
  ),
  p(
    "equals query boolean expectation",
    [{ equals: { query: { on: true } } }],
    [
      [get("/?on=true"), true],
      [get("/?on=1"), false],
    ],
  ),
  p(
    "equals headers ignore name case",
    [{ equals: { headers: { "CONTENT-TYPE": "application/json" } } }],
    [
      [json({}), true],
      [post("/", "x", [["content-type", "text/plain"]]), false],
    ],
  ),
  p(
    "equals headers against a duplicated header",
    [{ equals: { headers: { "x-dup": "b" } } }],
    [
      [
        get("/", [
          ["X-Dup", "a"],
          ["X-Dup", "b"],
        ]),
        true,
      ],
      [get("/", [["X-Dup", "a"]]), false],
    ],
  ),
  p(
    "equals header value containing a comma",
    [{ equals: { headers: { "x-multi": "a, b" } } }],
    [
      [get("/", [["X-Multi", "a, b"]]), true],
      [get("/", [["X-Multi", "a"]]), false],
    ],
  ),
  p(
    "keyCaseSensitive false with caseSensitive: keys folded, values exact",
    [{ equals: { headers: { "X-Api": "Val" } }, caseSensitive: true, keyCaseSensitive: false }],
    [
      [get("/", [["x-api", "Val"]]), true],
      [get("/", [["X-API", "val"]]), false],
    ],
  ),
  p(
    "equals form for urlencoded bodies",
    [{ equals: { form: { a: "1" } } }],
    [
      [form("a=1&b=2"), true],
      [form("a=1", "application/x-www-form-urlencoded; charset=utf-8"), true],
      [form("a=1", "text/plain"), false],
      [form("a=2"), false],
    ],
  ),
  p(
    "equals form decodes + and percent escapes",
    [{ equals: { form: { a: "hello world!" } } }],
    [
      [form("a=hello+world%21"), true],
      [form("a=hello%2Bworld"), false],
    ],
  ),
];
