import fc from "fast-check";
import type { MbRequest } from "../../src/schemas/request.ts";
import { nestedBodyText } from "./nested-bodies.ts";

/**
 * Small overlapping vocabularies for the index-vs-oracle property tests, so that matches, near misses
 * (case, repeated keys, JSON versus text) and errors are common; and random requests drawn from them.
 */

export const METHODS = ["GET", "get", "POST", "Put"];
export const PATHS = [
  "/",
  "/a",
  "/A",
  "/a/b",
  "/users/1",
  "/Users/12",
  "/a%20b",
  "/x.json",
  "/api/v1/items",
  "/API/v1/items/7",
];
export const HEADER_NAMES = ["X-Tenant", "x-tenant", "X-Env", "Content-Type", "constructor"];
export const VALUES = ["a", "A", "b", "", "1", "application/json", "null", "acme Tenant-1; eu", "true"];
/** Literals for `contains`/`startsWith`/`endsWith` on headers and query: parts of VALUES, in both cases. */
export const FIELD_TEXTS = [
  "a",
  "B",
  "app",
  "JSON",
  "n/j",
  "ul",
  "tenant-1;",
  "Tenant-1;",
  "eu",
  "acme",
  "",
  1,
  true,
];
export const QUERY_KEYS = ["q", "Q", "n", "k"];
export const BODIES = [
  "",
  "x",
  "X",
  "1",
  "5",
  "null",
  "true",
  '"s"',
  '{"id":1}',
  '{"ID":"1","name":"Bob"}',
  '{"id":[1,2]}',
  '[{"id":1}]',
  '{"a":{"b":"c"}}',
  "<a><id>1</id><id>2</id></a>",
  "<a><ID>x</ID></a>",
  "<a><id>X</id></a>",
  "<r><k>x</k></r>",
  '{"k":"x"}',
  '{"k":["x","y"]}',
  '{"__proto__":{"id":1}}',
  '{"id": TRUE}',
  '{"id":null}',
  '{"k":"X","id":"1"}',
  '{"name":"bob","id":"1"}',
  '{"tags":["b","a"],"id":1}',
  '<a k="x"><item id="1"/></a>',
  '<a><item id="2">t</item><Item ID="1"/></a>',
  '<item id="X"></item>',
  '<a><item id="1"/>&amp;</a>',
];
export const LITERALS = ["/a", "/A", "users", "/users/", ".json", "b", "", "/api/", "items/7", "/"];
export const REGEXES = [
  "^/users/\\d+$",
  "^/a",
  "b$",
  "^/API/v1/items$",
  "s/1",
  "(a|b)",
  ".*",
  "^/x\\.json$",
  "^/A/?b?$",
  "\\w+s/",
];
export const SELECTORS = ["$.id", "$.K", "$..id", "$.k[0]", "$.name"];
export const XPATHS = [
  "//id",
  "count(//id)",
  "//ID",
  "//k",
  "//item[@id='1']",
  "//Item[@ID='x']",
  "//a[@k='x']",
];
export const SCALARS: fc.Arbitrary<string | number | boolean> = fc.oneof(
  fc.constantFrom(...VALUES),
  fc.constantFrom(1, 2, true, "x", "X", "bob", "Bob"),
);

export const pick = <T>(values: readonly T[]) => fc.constantFrom(...values);

const fieldMap = (keys: readonly string[]) =>
  fc.dictionary(pick(keys), fc.oneof(pick(VALUES), fc.array(pick(VALUES), { minLength: 2, maxLength: 3 })), {
    maxKeys: 3,
  });

export const request: fc.Arbitrary<MbRequest> = fc.record({
  requestFrom: fc.constant("127.0.0.1:5000"),
  method: pick(METHODS),
  path: pick(PATHS),
  query: fieldMap(QUERY_KEYS),
  headers: fieldMap(HEADER_NAMES),
  body: fc.oneof({ weight: 2, arbitrary: pick(BODIES) }, { weight: 1, arbitrary: nestedBodyText }),
  ip: fc.constant("127.0.0.1"),
});
