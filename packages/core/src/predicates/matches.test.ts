import { describe, expect, it } from "vitest";
import { mb, request } from "../../test/predicates/mb-oracle.ts";
import { MbFailure } from "../errors.ts";
import type { Predicate } from "../schemas/predicate.ts";
import type { MbRequest } from "../schemas/request.ts";
import { evaluatePredicate } from "./compile.ts";

const logger = { warn() {} };

const CASES: Array<[string, Predicate, Partial<MbRequest>, boolean]> = [
  ["anchored pattern", { matches: { path: "^/a/\\d+$" } }, { path: "/a/42" }, true],
  ["case-insensitive through the i flag", { matches: { path: "^/ABC$" } }, { path: "/abc" }, true],
  ["caseSensitive", { matches: { path: "^/ABC$" }, caseSensitive: true }, { path: "/abc" }, false],
  ["upper-case escapes survive (\\W)", { matches: { body: "^\\W+$" } }, { body: "!?" }, true],
  ["\\W does not become \\w", { matches: { body: "^\\W+$" } }, { body: "ab" }, false],
  [
    "keys folded",
    { matches: { headers: { "CONTENT-TYPE": "json$" } } },
    { headers: { "Content-Type": "app/JSON" } },
    true,
  ],
  [
    "keys kept when caseSensitive",
    { matches: { headers: { "content-type": "." } }, caseSensitive: true },
    { headers: { "Content-Type": "x" } },
    false,
  ],
  [
    "keyCaseSensitive is ignored",
    { matches: { headers: { "content-type": "x" } }, keyCaseSensitive: true },
    { headers: { "Content-Type": "x" } },
    true,
  ],
  [
    "except removed from the request only",
    { matches: { path: "^/ab$" }, except: "\\d" },
    { path: "/a1b2" },
    true,
  ],
  ["except is case-sensitive", { matches: { path: "^/ab$" }, except: "X" }, { path: "/axb" }, false],
  ["number in JSON body tested as text", { matches: { body: { a: "^4\\d$" } } }, { body: '{"a":42}' }, true],
  ["any repeated value", { matches: { query: { k: "^b" } } }, { query: { k: ["a", "bc"] } }, true],
  [
    "jsonpath selector lower-cased",
    { matches: { body: "^B" }, jsonpath: { selector: "$.Name" } },
    { body: '{"name":"Bob"}' },
    true,
  ],
  [
    "jsonpath keeps value case",
    { matches: { body: "^B" }, jsonpath: { selector: "$.Name" }, caseSensitive: true },
    { body: '{"name":"bob"}' },
    false,
  ],
  [
    "xpath selector not lower-cased",
    { matches: { body: "x" }, xpath: { selector: "//B" } },
    { body: "<a><B>x</B></a>" },
    true,
  ],
  [
    "xpath on lower-case name",
    { matches: { body: "x" }, xpath: { selector: "//b" } },
    { body: "<a><B>x</B></a>" },
    false,
  ],
];

describe("matches", () => {
  it.each(CASES)("%s", (_name, predicate, fields, expected) => {
    const req = request(fields);
    expect(evaluatePredicate(predicate, req)).toBe(expected);
    expect(mb.evaluate(predicate, structuredClone(req), "utf8", logger, {})).toBe(expected);
  });

  it("reports an invalid pattern as bad data when it is tested", () => {
    const run = () => evaluatePredicate({ matches: { path: "(" } }, request({}));
    expect(run).toThrow(MbFailure);
    expect(run).toThrow(/Invalid regular expression/);
    expect(() => mb.evaluate({ matches: { path: "(" } }, request({}), "utf8", logger, {})).toThrow(
      SyntaxError,
    );
  });

  it("does not test a pattern whose field is never reached", () => {
    expect(
      evaluatePredicate({ or: [{ equals: { path: "/" } }, { matches: { path: "(" } }] }, request({})),
    ).toBe(true);
  });

  it("is refused in binary mode", () => {
    const run = () => evaluatePredicate({ matches: { body: "x" } }, request({}), { encoding: "base64" });
    expect(run).toThrow("the matches predicate is not allowed in binary mode");
    expect(() => mb.evaluate({ matches: { body: "x" } }, request({}), "base64", logger, {})).toThrow(
      "the matches predicate is not allowed in binary mode",
    );
  });
});
