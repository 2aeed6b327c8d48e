import { describe, expect, it } from "vitest";
import { canonicalExpectedBody, canonicalRequestBody } from "./canonical.ts";

describe("canonical deepEquals body", () => {
  // Pairs Mountebank's deepEquals finds equal (checked against predicates.js: forceStrings, lower-casing,
  // sorted arrays, stable stringify); their canonical texts must agree.
  it.each([
    [{ name: "bob", x: "1" }, '{"name":"bob","x":1}'],
    [{ Name: "BOB" }, '{"name":"bob"}'],
    [{ tags: ["b", "a"] }, '{"tags":["A","B"]}'],
    [{ n: null }, '{"n":null}'],
    [{ n: "null" }, '{"n":null}'],
    [{ flag: true }, '{"flag":"TRUE"}'],
    [{ flag: "true" }, '{"flag": TRUE}'],
    [{ items: [{ id: 2 }, { id: 1 }] }, '{"items":[{"id":"1"},{"id":2}]}'],
    [{ a: { b: ["x", 1] } }, '{"A":{"B":[1,"X"]}}'],
    [{}, "{}"],
  ])("%j and %s agree", (expected, body) => {
    const key = canonicalExpectedBody(expected);
    expect(key).toBeTypeOf("string");
    expect(canonicalRequestBody(body)).toBe(key);
  });

  it.each([
    [{ name: "bob" }, '{"name":"bob","x":1}'],
    [{ tags: ["a"] }, '{"tags":["a","a"]}'],
    [{ n: 1 }, '{"n":"1.0"}'],
  ])("%j and %s differ", (expected, body) => {
    expect(canonicalRequestBody(body)).not.toBe(canonicalExpectedBody(expected));
  });

  it.each([
    ["not json"],
    ["[1,2]"],
    ['"text"'],
    ["5"],
    ["null"],
    [""],
  ])("a request body %j that is not a JSON object matches no object expectation", (body) => {
    expect(canonicalRequestBody(body)).toBe(false);
  });

  it("refuses __proto__ keys on both sides", () => {
    expect(canonicalRequestBody('{"a":{"__proto__":{"x":1}}}')).toBeUndefined();
    expect(canonicalExpectedBody(JSON.parse('{"__PROTO__":1}'))).toBeUndefined();
  });

  it("only takes objects as expectations", () => {
    expect(canonicalExpectedBody(["a"])).toBeUndefined();
    expect(canonicalExpectedBody("a")).toBeUndefined();
  });
});
