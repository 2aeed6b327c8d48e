import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { normalizeRequest } from "../request/normalize.ts";
import type { Predicate } from "../schemas/predicate.ts";
import type { RawHttpRequest } from "../schemas/request.ts";
import { evaluatePredicate } from "./compile.ts";

const mb = createRequire(import.meta.url)("mountebank/src/models/predicates.js") as {
  evaluate(predicate: unknown, request: unknown, encoding: string, logger: unknown, state: unknown): unknown;
};
const logger = { warn() {}, error() {}, info() {}, debug() {} };

const raw = (url: string, extra: Partial<RawHttpRequest> = {}): RawHttpRequest => ({
  method: "GET",
  url,
  headers: [],
  body: "",
  remoteAddress: "127.0.0.1",
  remotePort: 50000,
  ...extra,
});
const post = (body: string, headers: Array<[string, string]> = []) =>
  raw("/", { method: "POST", body, headers });
const JSON_NAME = '{"name":"bob","x":1}';

// mountebank-http.md §1.5, each row observed on a running mb 2.9.1 (one imposter per row, over HTTP).
const PROBES: Array<[string, Predicate, RawHttpRequest, boolean]> = [
  ["equals body object, any case", { equals: { body: { Name: "BOB" } } }, post(JSON_NAME), true],
  ["deepEquals body, extra field", { deepEquals: { body: { name: "bob" } } }, post(JSON_NAME), false],
  ["deepEquals body, all fields", { deepEquals: { body: { name: "bob", x: "1" } } }, post(JSON_NAME), true],
  ["equals query number", { equals: { query: { n: 1 } } }, raw("/?n=1"), true],
  ["equals query '' vs missing", { equals: { query: { q: "" } } }, raw("/"), true],
  ["exists query on empty value", { exists: { query: { q: true } } }, raw("/?q="), false],
  [
    "matches header, key case",
    { matches: { headers: { "CONTENT-TYPE": "JSON$" } } },
    post("{}", [["Content-Type", "application/json"]]),
    true,
  ],
  ["matches caseSensitive", { matches: { path: "^/ABC$" }, caseSensitive: true }, raw("/abc"), false],
  [
    "jsonpath selector lower-cased",
    { equals: { body: "bob" }, jsonpath: { selector: "$.Name" } },
    post('{"name":"Bob"}'),
    true,
  ],
  [
    "jsonpath caseSensitive",
    { equals: { body: "bob" }, jsonpath: { selector: "$.Name" }, caseSensitive: true },
    post('{"name":"Bob"}'),
    false,
  ],
  ["except digits", { equals: { path: "/a" }, except: "\\d+" }, raw("/a123"), true],
  [
    "object against array of objects",
    { equals: { body: { items: { id: 2 } } } },
    post('{"items":[{"id":1},{"id":2}]}'),
    true,
  ],
  ["expected array, subset", { equals: { query: { k: ["b"] } } }, raw("/?k=a&k=b"), true],
  ["deepEquals array, any order", { deepEquals: { query: { k: ["b", "a"] } } }, raw("/?k=a&k=b"), true],
  ["deepEquals empty query, none sent", { deepEquals: { query: {} } }, raw("/"), true],
  ["deepEquals empty query, one sent", { deepEquals: { query: {} } }, raw("/?a=1"), false],
  [
    "repeated header, any value",
    { equals: { headers: { "x-dup": "b" } } },
    raw("/", {
      headers: [
        ["X-Dup", "a"],
        ["X-Dup", "b"],
      ],
    }),
    true,
  ],
  [
    "form needs urlencoded",
    { equals: { form: { a: "1" } } },
    post("a=1", [["Content-Type", "text/plain"]]),
    false,
  ],
  [
    "xpath count()",
    { equals: { body: "2" }, xpath: { selector: "count(//b)" } },
    post("<a><b>1</b><b>2</b></a>"),
    true,
  ],
  ["string body is compared as text", { equals: { body: '{"a":1}' } }, post('{"a": 1}'), false],
  ["path keeps percent-encoding", { equals: { path: "/a b" } }, raw("/a%20b"), false],
];

describe("Mountebank probe table", () => {
  it.each(PROBES)("%s", (_name, predicate, rawRequest, expected) => {
    const request = normalizeRequest(rawRequest);
    expect(evaluatePredicate(predicate, request)).toBe(expected);
    expect(mb.evaluate(predicate, JSON.parse(JSON.stringify(request)), "utf8", logger, {})).toBe(expected);
  });
});
