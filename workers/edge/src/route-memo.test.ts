import { createEngine, type Imposter } from "@mockctl/core";
import { describe, expect, it } from "vitest";
import {
  MEMO_KEY_CHARS,
  MEMO_LIMIT,
  memoFor,
  memoKey,
  type RouteMemo,
  readsKeyedFieldsOnly,
  remember,
  withBody,
} from "./route-memo.ts";

const fixed = Object.freeze({ statusCode: 200, headers: Object.freeze({}), body: "" });

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
    const reads = { headers: new Set<string>(), body: false };
    expect(readsKeyedFieldsOnly(predicate, reads)).toBe(expected);
    if (expected) expect([[...reads.headers].sort(), reads.body]).toEqual([names, body]);
  });
});

const empty = (): RouteMemo => ({ answers: new Map(), headers: [], body: false, chars: 0 });

const engine = (fields: Partial<Imposter>) =>
  createEngine({ protocol: "http", port: 4545, stubs: [], ...fields });

describe("memoFor and remember", () => {
  it("has no memo for an imposter with allowCORS or a stub that reads more than its keyed fields", () => {
    expect(memoFor(engine({ allowCORS: true }))).toBeNull();
    const stubs = [{ responses: [{ is: {} }] }, { predicates: [{ equals: { ip: "x" } }], responses: [] }];
    expect(memoFor(engine({ stubs }))).toBeNull();
    const plain = memoFor(engine({ stubs: [{ responses: [{ is: {} }] }] }));
    expect([plain?.headers, plain?.body]).toEqual([[], false]);
  });

  it("keys by the body when any stub reads it", () => {
    const stubs = [{ responses: [{ is: {} }] }, { predicates: [{ equals: { body: "x" } }], responses: [] }];
    expect(memoFor(engine({ stubs }))?.body).toBe(true);
  });

  it("keys by the headers every stub reads, each name once, in one order", () => {
    const on = (name: string) => ({ predicates: [{ equals: { headers: { [name]: "1" } } }], responses: [] });
    const memo = memoFor(engine({ stubs: [on("X-Tenant"), on("accept"), on("x-tenant")] }));
    expect(memo?.headers).toEqual(["accept", "x-tenant"]);
  });

  it("tells requests apart by a header's value, its absence and its emptiness, not by its name's case", () => {
    const memo = { ...empty(), headers: ["x-a", "x-b"] };
    const keyOf = (init: Record<string, string>) => memoKey(memo, "GET", "/p?q", new Headers(init));
    const inits: Record<string, string>[] = [
      {},
      { "x-a": "" },
      { "x-a": "1" },
      { "x-b": "1" },
      { "x-a": "1", "x-b": "" },
    ];
    const keys = inits.map(keyOf);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keyOf({ "X-A": "1" })).toBe(keyOf({ "x-a": "1" }));
    expect(memoKey(empty(), "GET", "/p?q", new Headers({ "x-a": "1" }))).toBe("GET /p?q");
  });

  it("keeps one memo per engine", () => {
    const one = engine({});
    expect(memoFor(one)).toBe(memoFor(one));
    expect(memoFor(one)).not.toBe(memoFor(engine({})));
  });

  it("remembers only frozen descriptions, and at most MEMO_LIMIT requests", () => {
    const memo = empty();
    remember(memo, "GET /unfrozen", { statusCode: 200, headers: {}, body: "" });
    expect(memo.answers.size).toBe(0);
    for (let i = 0; i < MEMO_LIMIT + 5; i++) remember(memo, `GET /${i}`, fixed);
    expect(memo.answers.size).toBe(MEMO_LIMIT);
    expect(memo.answers.get("GET /0")).toBe(fixed);
  });

  it("stops remembering once its keys hold MEMO_KEY_CHARS characters, counting each key once", () => {
    const memo = empty();
    const body = "x".repeat(MEMO_KEY_CHARS / 8);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 10; i++) remember(memo, withBody(`POST /${i}`, body), fixed);
    }
    expect(memo.answers.size).toBe(7);
    expect(memo.chars).toBeLessThanOrEqual(MEMO_KEY_CHARS);
  });

  it("tells a body apart from the header values before it, line breaks and all", () => {
    const memo = { ...empty(), headers: ["x-a"], body: true };
    const keyOf = (value: string, body: string) =>
      withBody(memoKey(memo, "POST", "/", new Headers({ "x-a": value })), body);
    const keys = [keyOf("1", "2"), keyOf("1", "\n2"), keyOf("1", ""), keyOf("12", ""), keyOf("1", "2\n")];
    expect(new Set(keys).size).toBe(keys.length);
  });
});
