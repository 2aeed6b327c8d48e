import { createEngine, type Imposter } from "@mockctl/core";
import { describe, expect, it } from "vitest";
import { MEMO_LIMIT, memoFor, memoKey, readsKeyedFieldsOnly, remember } from "./route-memo.ts";

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
    [{ contains: { body: "x" } }, false, []],
    [{ equals: { path: "/a", requestFrom: "x" } }, false, []],
    [{ exists: { form: { a: true } } }, false, []],
    [{ equals: { ip: "1.2.3.4" } }, false, []],
    [{ inject: "() => true" }, false, []],
    [{ not: { inject: "() => true" } }, false, []],
    [{ and: [{ equals: { path: "/a" } }, { equals: { body: "x" } }] }, false, []],
    [{ or: "not a list" }, false, []],
    [{ equals: "not an object" }, false, []],
    [{ equal: { path: "/a" } }, false, []],
    [null, false, []],
  ])("%j: %s %j", (predicate, expected, names) => {
    const headers = new Set<string>();
    expect(readsKeyedFieldsOnly(predicate, headers)).toBe(expected);
    if (expected) expect([...headers].sort()).toEqual(names);
  });
});

const engine = (fields: Partial<Imposter>) =>
  createEngine({ protocol: "http", port: 4545, stubs: [], ...fields });

describe("memoFor and remember", () => {
  it("has no memo for an imposter with allowCORS or a stub that reads more than the request line", () => {
    expect(memoFor(engine({ allowCORS: true }))).toBeNull();
    const stubs = [{ responses: [{ is: {} }] }, { predicates: [{ equals: { body: "x" } }], responses: [] }];
    expect(memoFor(engine({ stubs }))).toBeNull();
    expect(memoFor(engine({ stubs: [{ responses: [{ is: {} }] }] }))?.headers).toEqual([]);
  });

  it("keys by the headers every stub reads, each name once, in one order", () => {
    const on = (name: string) => ({ predicates: [{ equals: { headers: { [name]: "1" } } }], responses: [] });
    const memo = memoFor(engine({ stubs: [on("X-Tenant"), on("accept"), on("x-tenant")] }));
    expect(memo?.headers).toEqual(["accept", "x-tenant"]);
  });

  it("tells requests apart by a header's value, its absence and its emptiness, not by its name's case", () => {
    const memo = { answers: new Map(), headers: ["x-a", "x-b"] };
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
    expect(memoKey({ answers: new Map(), headers: [] }, "GET", "/p?q", new Headers({ "x-a": "1" }))).toBe(
      "GET /p?q",
    );
  });

  it("keeps one memo per engine", () => {
    const one = engine({});
    expect(memoFor(one)).toBe(memoFor(one));
    expect(memoFor(one)).not.toBe(memoFor(engine({})));
  });

  it("remembers only frozen descriptions, and at most MEMO_LIMIT request lines", () => {
    const memo = { answers: new Map(), headers: [] };
    const fixed = Object.freeze({ statusCode: 200, headers: Object.freeze({}), body: "" });
    remember(memo, "GET /unfrozen", { statusCode: 200, headers: {}, body: "" });
    expect(memo.answers.size).toBe(0);
    for (let i = 0; i < MEMO_LIMIT + 5; i++) remember(memo, `GET /${i}`, fixed);
    expect(memo.answers.size).toBe(MEMO_LIMIT);
    expect(memo.answers.get("GET /0")).toBe(fixed);
  });
});
