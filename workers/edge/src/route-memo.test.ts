import { createEngine, type Imposter } from "@mockctl/core";
import { describe, expect, it } from "vitest";
import {
  keyAfterLine,
  MEMO_KEY_CHARS,
  MEMO_LIMIT,
  memoFor,
  memoKey,
  type RouteMemo,
  remember,
} from "./route-memo.ts";

const fixed = Object.freeze({ statusCode: 200, headers: Object.freeze({}), body: "" });

const empty = (): RouteMemo => ({
  answers: new Map(),
  headers: [],
  body: false,
  fields: null,
  derived: false,
  narrow: false,
  chars: 0,
  full: false,
  misses: 0,
  passed: 0,
  recent: [],
});

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
    const keyOf = (init: Record<string, string>) => keyAfterLine(memo, new Headers(init), null);
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
    expect(keyAfterLine(empty(), new Headers({ "x-a": "1" }), null)).toBe("");
  });

  const copyFrom = (from: string | Record<string, string>) => ({
    is: { body: "$A" },
    behaviors: [{ copy: { from, into: "$A", using: { method: "regex" as const, selector: ".*" } } }],
  });
  const keyedStub = (responses: Imposter["stubs"][number]["responses"]) => ({
    predicates: [{ equals: { body: "x", headers: { "x-b": "1" } } }],
    responses,
  });
  it.each<[string, boolean, Partial<Imposter>]>([
    ["plain keyed stubs", true, { stubs: [keyedStub([{ is: { body: "x" } }])] }],
    ["an answer copied from a named header", true, { stubs: [keyedStub([copyFrom({ headers: "x-a" })])] }],
    ["an imposter that records", false, { recordRequests: true, stubs: [keyedStub([{ is: {} }])] }],
    ["a strict imposter", false, { strict: true, stubs: [keyedStub([{ is: {} }])] }],
    ["a stub whose responses cycle", false, { stubs: [keyedStub([{ is: {} }, { is: { body: "2" } }])] }],
    ["an answer copied from the client's address", false, { stubs: [keyedStub([copyFrom("ip")])] }],
  ])("hands a miss only the keyed headers for %s: %s", (_, narrow, fields) => {
    expect(memoFor(engine(fields))?.narrow).toBe(narrow);
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
    expect(memo.full).toBe(true);
  });

  it("stops remembering once its keys hold MEMO_KEY_CHARS characters, counting each key once", () => {
    const memo = empty();
    const body = "x".repeat(MEMO_KEY_CHARS / 8);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 10; i++) remember(memo, memoKey("POST", `/${i}`, body), fixed);
    }
    expect(memo.answers.size).toBe(7);
    expect(memo.chars).toBeLessThanOrEqual(MEMO_KEY_CHARS);
    expect(memo.full).toBe(true);
  });

  it("tells a body apart from the header values before it, line breaks and all", () => {
    const memo = { ...empty(), headers: ["x-a"], body: true };
    const keyOf = (value: string, body: string) =>
      memoKey("POST", "/", keyAfterLine(memo, new Headers({ "x-a": value }), body));
    const keys = [keyOf("1", "2"), keyOf("1", "\n2"), keyOf("1", ""), keyOf("12", ""), keyOf("1", "2\n")];
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe("answers derived from the key", () => {
  const copyPath = {
    copy: { from: "path", into: "$P", using: { method: "regex" as const, selector: ".+" } },
  };
  const copyHeader = {
    copy: { from: { headers: "X-Name" }, into: "$N", using: { method: "regex" as const, selector: ".+" } },
  };
  const decorated = { is: {}, behaviors: [{ decorate: "(config, response) => {}" }] };

  it("derives when every response of every stub copies only keyed fields, and keys by what they copy", () => {
    const memo = memoFor(engine({ stubs: [{ responses: [{ is: {}, behaviors: [copyPath, copyHeader] }] }] }));
    expect([memo?.derived, memo?.headers, memo?.body]).toEqual([true, ["x-name"], false]);
    const mixed = memoFor(
      engine({ stubs: [{ responses: [{ is: {}, behaviors: [copyHeader] }, decorated] }] }),
    );
    expect([mixed?.derived, mixed?.headers]).toEqual([false, []]);
  });

  it("remembers a derived answer frozen, its size counted, and never one of a memo that does not derive", () => {
    const answer = () => ({ statusCode: 200, headers: { "X-A": "1" }, body: "copied" });
    const plain = empty();
    remember(plain, "GET /a", answer());
    expect(plain.answers.size).toBe(0);
    const derived = { ...empty(), derived: true };
    const one = answer();
    remember(derived, "GET /a", one);
    expect(derived.answers.get("GET /a")).toBe(one);
    expect([Object.isFrozen(one), Object.isFrozen(one.headers)]).toEqual([true, true]);
    expect(derived.chars).toBe("GET /a".length + "copied".length + "X-A1".length);
    remember(derived, "GET /b", { ...answer(), body: "x".repeat(MEMO_KEY_CHARS) });
    expect(derived.answers.has("GET /b")).toBe(false);
  });
});
