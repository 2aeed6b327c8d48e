import { type ExchangeCase, get, json, MATCHED, predicateCase as p, post } from "./case-types.ts";

/** matches, exists, not/or/and, except, and how stubs and predicates combine. */
export const logicCases: ExchangeCase[] = [
  p(
    "matches path caseSensitive",
    [{ matches: { path: "^/ABC$" }, caseSensitive: true }],
    [
      [get("/ABC"), true],
      [get("/abc"), false],
    ],
  ),
  p(
    "matches is case-insensitive by default",
    [{ matches: { path: "^/abc$" } }],
    [
      [get("/ABC"), true],
      [get("/abcd"), false],
    ],
  ),
  p(
    "matches header with an upper-case key",
    [{ matches: { headers: { "CONTENT-TYPE": "JSON$" } } }],
    [
      [json({}), true],
      [post("/", "x", [["Content-Type", "text/plain"]]), false],
    ],
  ),
  p(
    "matches keeps upper-case regex escapes",
    [{ matches: { path: "^/\\w+/\\d+$" } }],
    [
      [get("/users/42"), true],
      [get("/users/x"), false],
    ],
  ),
  p(
    "matches \\S is not lower-cased into \\s",
    [{ matches: { body: "A\\SB" } }],
    [
      [post("/", "aXb"), true],
      [post("/", "a b"), false],
    ],
  ),
  p(
    "matches query against repeated keys",
    [{ matches: { query: { k: "^\\d+$" } } }],
    [
      [get("/?k=x&k=12"), true],
      [get("/?k=x&k=y"), false],
    ],
  ),
  p(
    "matches with except strips only the actual",
    [{ matches: { path: "^/a$" }, except: "\\d+" }],
    [
      [get("/a123"), true],
      [get("/b1"), false],
    ],
  ),
  p(
    "matches a JSON body field",
    [{ matches: { body: { id: "^[0-9]{3}$" } } }],
    [
      [json({ id: 123 }), true],
      [json({ id: 1234 }), false],
    ],
  ),
  p(
    "exists query true",
    [{ exists: { query: { q: true } } }],
    [
      [get("/?q=1"), true],
      [get("/?q="), false],
      [get("/"), false],
    ],
  ),
  p(
    "exists query false",
    [{ exists: { query: { q: false } } }],
    [
      [get("/"), true],
      [get("/?q="), true],
      [get("/?q=1"), false],
    ],
  ),
  p(
    "exists against a repeated key",
    [{ exists: { query: { k: true } } }],
    [
      [get("/?k=a&k=b"), true],
      [get("/?j=a"), false],
    ],
  ),
  p(
    "exists false against a repeated key",
    [{ exists: { query: { k: false } } }],
    [
      [get("/?k=a&k=b"), false],
      [get("/"), true],
    ],
  ),
  p(
    "exists header, name case-insensitive",
    [{ exists: { headers: { "X-Trace": true } } }],
    [
      [get("/", [["x-trace", "1"]]), true],
      [get("/"), false],
    ],
  ),
  p(
    "exists body",
    [{ exists: { body: true } }],
    [
      [post("/", "x"), true],
      [get("/"), false],
    ],
  ),
  p(
    "exists inside a JSON body",
    [{ exists: { body: { name: true, gone: false } } }],
    [
      [json({ name: "x" }), true],
      [json({ name: "x", gone: 1 }), false],
      [json({ other: 1 }), false],
    ],
  ),
  p(
    "exists form field",
    [{ exists: { form: { a: true } } }],
    [
      [post("/", "a=1", [["Content-Type", "application/x-www-form-urlencoded"]]), true],
      [post("/", "a=1", [["Content-Type", "text/plain"]]), false],
    ],
  ),
  p(
    "not",
    [{ not: { equals: { path: "/a" } } }],
    [
      [get("/b"), true],
      [get("/a"), false],
    ],
  ),
  p(
    "or",
    [{ or: [{ equals: { path: "/a" } }, { startsWith: { path: "/b" } }] }],
    [
      [get("/a"), true],
      [get("/bcd"), true],
      [get("/c"), false],
    ],
  ),
  p(
    "and",
    [{ and: [{ equals: { method: "PUT" } }, { contains: { path: "item" } }] }],
    [
      [{ method: "PUT", path: "/items/1" }, true],
      [{ method: "PUT", path: "/other" }, false],
      [get("/items/1"), false],
    ],
  ),
  p(
    "not of or",
    [{ not: { or: [{ equals: { query: { a: "1" } } }, { exists: { headers: { "x-skip": true } } }] } }],
    [
      [get("/?a=2"), true],
      [get("/?a=1"), false],
      [get("/", [["X-Skip", "y"]]), false],
    ],
  ),
  p(
    "several predicates must all hold",
    [{ equals: { method: "GET" } }, { startsWith: { path: "/v2" } }],
    [
      [get("/v2/x"), true],
      [post("/v2/x", "b"), false],
      [get("/v1"), false],
    ],
  ),
  p(
    "except on both sides of equals",
    [{ equals: { path: "/a" }, except: "\\d+" }],
    [
      [get("/a123"), true],
      [get("/b123"), false],
    ],
  ),
  p(
    "except strips the expected value too",
    [{ equals: { body: "ab1" }, except: "\\d" }],
    [
      [post("/", "a2b"), true],
      [post("/", "ab"), true],
      [post("/", "ba"), false],
    ],
  ),
  p(
    "except is case-insensitive unless caseSensitive",
    [{ equals: { body: "xy" }, except: "ABC" }],
    [
      [post("/", "xabcy"), true],
      [post("/", "xy"), true],
      [post("/", "xaby"), false],
    ],
  ),
  p(
    "except with caseSensitive keeps other case",
    [{ equals: { body: "xy" }, except: "ABC", caseSensitive: true }],
    [
      [post("/", "xABCy"), true],
      [post("/", "xabcy"), false],
    ],
  ),
  p(
    "except inside a JSON body",
    [{ equals: { body: { id: "A" } }, except: "-\\d+$" }],
    [
      [json({ id: "a-42" }), true],
      [json({ id: "b-42" }), false],
    ],
  ),
  p(
    "the first operator key of the object names the operator",
    [{ contains: { path: "x" }, equals: { path: "/nope" } }],
    [
      [get("/ax"), true],
      [get("/nope"), false],
    ],
  ),
  {
    name: "the first matching stub wins",
    imposter: {
      stubs: [
        { predicates: [{ startsWith: { path: "/a" } }], responses: [{ is: { body: "first" } }] },
        { predicates: [{ equals: { path: "/ab" } }], responses: [{ is: { body: "second" } }] },
        { responses: [{ is: { body: "catch-all" } }] },
      ],
    },
    requests: [
      { ...get("/ab"), expect: { body: "first" } },
      { ...get("/b"), expect: { body: "catch-all" } },
    ],
  },
  {
    name: "an empty predicates array always matches",
    imposter: { stubs: [{ predicates: [], responses: [{ is: MATCHED }] }] },
    requests: [{ ...get("/anything"), expect: { status: 201 } }],
  },
];
