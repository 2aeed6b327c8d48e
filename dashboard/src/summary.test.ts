import type { Predicate, Stub, StubResponse } from "@mockctl/core";
import { describe, expect, it } from "vitest";
import { describePredicate, describeResponse, describeStub } from "./summary.ts";

describe("describePredicate", () => {
  it.each<[Predicate, string]>([
    [{ equals: { path: "/hello" } }, 'equals path "/hello"'],
    [{ equals: { query: { q: "x" } } }, 'equals query.q "x"'],
    [{ not: { contains: { body: "x" } } }, 'not(contains body "x")'],
    [
      { or: [{ equals: { method: "GET" } }, { equals: { method: "PUT" } }] },
      'or(equals method "GET" | equals method "PUT")',
    ],
    [{ matches: { path: "^/a" }, caseSensitive: true }, 'matches path "^/a" [case-sensitive]'],
    [{ equals: { body: "1" }, jsonpath: { selector: "$.id" } }, 'equals body "1" [jsonpath $.id]'],
    [{ inject: "function () {}" }, "inject(function)"],
  ])("%j", (predicate, text) => {
    expect(describePredicate(predicate)).toBe(text);
  });
});

describe("describeResponse", () => {
  it.each<[StubResponse, string]>([
    [{ is: { body: "hi" } }, 'is 200 "hi"'],
    [{ is: { statusCode: 404 }, repeat: 2 }, "is 404 ×2"],
    [{ is: { body: "hi" }, behaviors: [{ wait: 500 }] }, 'is 200 "hi" with wait 500 ms'],
    [
      {
        is: {},
        repeat: 2,
        behaviors: [
          { wait: "() => 5" },
          { copy: { from: "path", into: "PATH", using: { method: "regex", selector: ".*" } } },
          { decorate: "() => {}" },
        ],
      },
      "is 200 ×2 with wait(function), copy, decorate(function)",
    ],
    [{ inject: "() => ({})", behaviors: [{ shellTransform: "x" }] }, "inject(function) with shellTransform"],
    [{ proxy: { to: "https://api.example.com" } }, "proxy → https://api.example.com (proxyOnce)"],
    [{ fault: "CONNECTION_RESET_BY_PEER" }, "fault CONNECTION_RESET_BY_PEER"],
    [{ inject: "function () {}" }, "inject(function)"],
  ])("%j", (response, text) => {
    expect(describeResponse(response)).toBe(text);
  });

  it("says what a stub without predicates or responses does", () => {
    expect(describeStub({ responses: [] } as Stub)).toEqual({
      when: "any request",
      answers: "the default response",
    });
  });
});
