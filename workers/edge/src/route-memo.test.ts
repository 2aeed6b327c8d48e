import { createEngine, type Imposter } from "@mockctl/core";
import { describe, expect, it } from "vitest";
import { MEMO_LIMIT, memoFor, readsRequestLineOnly, remember } from "./route-memo.ts";

describe("readsRequestLineOnly", () => {
  it.each([
    [{ equals: { path: "/a" } }, true],
    [{ deepEquals: { query: { q: "1" } }, caseSensitive: true }, true],
    [{ matches: { path: "^/a" }, except: "x" }, true],
    [{ not: { startsWith: { method: "G" } } }, true],
    [{ or: [{ equals: { path: "/a" } }, { and: [{ exists: { query: { q: true } } }] }] }, true],
    [{}, true],
    [{ equals: { headers: { a: "1" } } }, false],
    [{ contains: { body: "x" } }, false],
    [{ equals: { path: "/a", requestFrom: "x" } }, false],
    [{ exists: { form: { a: true } } }, false],
    [{ equals: { ip: "1.2.3.4" } }, false],
    [{ inject: "() => true" }, false],
    [{ not: { inject: "() => true" } }, false],
    [{ and: [{ equals: { path: "/a" } }, { equals: { body: "x" } }] }, false],
    [{ or: "not a list" }, false],
    [{ equals: "not an object" }, false],
    [{ equal: { path: "/a" } }, false],
    [null, false],
  ])("%j: %s", (predicate, expected) => {
    expect(readsRequestLineOnly(predicate)).toBe(expected);
  });
});

const engine = (fields: Partial<Imposter>) =>
  createEngine({ protocol: "http", port: 4545, stubs: [], ...fields });

describe("memoFor and remember", () => {
  it("has no memo for an imposter with allowCORS or a stub that reads more than the request line", () => {
    expect(memoFor(engine({ allowCORS: true }))).toBeNull();
    const stubs = [{ responses: [{ is: {} }] }, { predicates: [{ equals: { body: "x" } }], responses: [] }];
    expect(memoFor(engine({ stubs }))).toBeNull();
    expect(memoFor(engine({ stubs: [{ responses: [{ is: {} }] }] }))).toBeInstanceOf(Map);
  });

  it("keeps one memo per engine", () => {
    const one = engine({});
    expect(memoFor(one)).toBe(memoFor(one));
    expect(memoFor(one)).not.toBe(memoFor(engine({})));
  });

  it("remembers only frozen descriptions, and at most MEMO_LIMIT request lines", () => {
    const memo = new Map();
    const fixed = Object.freeze({ statusCode: 200, headers: Object.freeze({}), body: "" });
    remember(memo, "GET /unfrozen", { statusCode: 200, headers: {}, body: "" });
    expect(memo.size).toBe(0);
    for (let i = 0; i < MEMO_LIMIT + 5; i++) remember(memo, `GET /${i}`, fixed);
    expect(memo.size).toBe(MEMO_LIMIT);
    expect(memo.get("GET /0")).toBe(fixed);
  });
});
