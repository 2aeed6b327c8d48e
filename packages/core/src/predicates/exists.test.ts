import { describe, expect, it } from "vitest";
import { mb, request } from "../../test/predicates/mb-oracle.ts";
import type { Predicate } from "../schemas/predicate.ts";
import type { MbRequest } from "../schemas/request.ts";
import { evaluatePredicate } from "./compile.ts";

const CASES: Array<[string, Predicate, Partial<MbRequest>, boolean]> = [
  ["present", { exists: { query: { q: true } } }, { query: { q: "1" } }, true],
  ["empty value is absent", { exists: { query: { q: true } } }, { query: { q: "" } }, false],
  ["missing", { exists: { query: { q: true } } }, {}, false],
  ["false: missing", { exists: { query: { q: false } } }, {}, true],
  ["false: empty", { exists: { query: { q: false } } }, { query: { q: "" } }, true],
  ["false: present", { exists: { query: { q: false } } }, { query: { q: "1" } }, false],
  ["key case folded", { exists: { headers: { "X-ID": true } } }, { headers: { "x-id": "1" } }, true],
  [
    "key case kept",
    { exists: { headers: { "X-ID": true } }, caseSensitive: true },
    { headers: { "x-id": "1" } },
    false,
  ],
  ["array always exists", { exists: { query: { k: true } } }, { query: { k: ["", ""] } }, true],
  [
    "false against array needs an empty element",
    { exists: { query: { k: false } } },
    { query: { k: ["a", ""] } },
    true,
  ],
  ["false against full array", { exists: { query: { k: false } } }, { query: { k: ["a", "b"] } }, false],
  ["the string 'false' is truthy", { exists: { query: { q: "false" } } }, { query: { q: "1" } }, true],
  ["JSON body field", { exists: { body: { a: { b: true } } } }, { body: '{"a":{"b":0}}' }, true],
  ["JSON body field missing", { exists: { body: { c: true } } }, { body: '{"a":1}' }, false],
  [
    "jsonpath with no match",
    { exists: { body: true }, jsonpath: { selector: "$.z" } },
    { body: '{"a":1}' },
    false,
  ],
  [
    "xpath empty element",
    { exists: { body: true }, xpath: { selector: "//e" } },
    { body: "<a><e/></a>" },
    true,
  ],
  ["form only when urlencoded", { exists: { form: true } }, {}, false],
];

describe("exists", () => {
  it.each(CASES)("%s", (_name, predicate, fields, expected) => {
    const req = request(fields);
    expect(evaluatePredicate(predicate, req)).toBe(expected);
    expect(mb.evaluate(predicate, structuredClone(req), "utf8", {}, {})).toBe(expected);
  });
});
