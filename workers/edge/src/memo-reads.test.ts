import { describe, expect, it } from "vitest";
import { readsKeyedFieldsOnly } from "./memo-reads.ts";

describe("readsKeyedFieldsOnly", () => {
  it.each([
    [{ equals: { path: "/a" } }, true, []],
    [{ deepEquals: { query: { q: "1" } }, caseSensitive: true }, true, []],
    [{ matches: { path: "^/a" }, except: "x" }, true, []],
    [{ not: { startsWith: { method: "G" } } }, true, []],
    [{ or: [{ equals: { path: "/a" } }, { and: [{ exists: { query: { q: true } } }] }] }, true, []],
    [{}, true, []],
    [{ equals: { headers: { "X-A": "1" } } }, true, ["x-a"]],
    [
      { and: [{ exists: { headers: { b: true } } }, { not: { contains: { headers: { a: "x" } } } }] },
      true,
      ["a", "b"],
    ],
    [{ matches: { path: "^/", headers: { "X-T": "^t" } }, caseSensitive: true }, true, ["x-t"]],
    [{ deepEquals: { headers: { a: "1" } } }, false, []],
    [{ equals: { headers: "a: 1" } }, false, []],
    [{ equals: { headers: { "Set-Cookie": "a=1" } } }, false, []],
    [{ equals: { headers: { "x a": "1" } } }, false, []],
    [{ exists: { headers: { "": true } } }, false, []],
    [{ contains: { body: "x" } }, true, [], true],
    [{ deepEquals: { body: { a: 1 } } }, true, [], true],
    [{ equals: { body: "1" }, jsonpath: { selector: "$.id" } }, true, [], true],
    [{ exists: { body: true }, xpath: { selector: "//a" } }, true, [], true],
    [{ equals: { path: "/a", requestFrom: "x" } }, false, []],
    [{ exists: { form: { a: true } } }, false, []],
    [{ equals: { ip: "1.2.3.4" } }, false, []],
    [{ inject: "() => true" }, false, []],
    [{ not: { inject: "() => true" } }, false, []],
    [{ and: [{ equals: { path: "/a" } }, { equals: { body: "x" } }] }, true, [], true],
    [{ and: [{ equals: { body: "x" } }, { equals: { form: { a: "1" } } }] }, false, []],
    [{ or: "not a list" }, false, []],
    [{ equals: "not an object" }, false, []],
    [{ equal: { path: "/a" } }, false, []],
    [null, false, []],
  ])("%j: %s %j, body %s", (predicate, expected, names, body = false) => {
    const reads = { headers: new Set<string>(), body: false, fields: new Map() };
    expect(readsKeyedFieldsOnly(predicate, reads)).toBe(expected);
    if (expected) expect([[...reads.headers].sort(), reads.body]).toEqual([names, body]);
  });
});
