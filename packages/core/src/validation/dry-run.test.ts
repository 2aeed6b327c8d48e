import { describe, expect, it } from "vitest";
import type { Stub } from "../schemas/response.ts";
import { dryRunStub } from "./dry-run.ts";

const is = { is: {} };
const withPredicates = (...predicates: unknown[]) => ({ predicates, responses: [is] }) as Stub;
const withBehavior = (behavior: unknown) => ({ responses: [{ is: {}, behaviors: [behavior] }] }) as Stub;
const using = (method: string, selector: string) => ({ method, selector });

describe("dryRunStub", () => {
  it.each([
    [
      "every operator, valid",
      withPredicates({ equals: { path: "/" } }, { matches: { path: "^/$" } }, { exists: { body: false } }),
    ],
    [
      "an inject (counts as passing, runs nothing)",
      withPredicates({ and: [{ inject: "() => { throw 1; }" }] }),
    ],
    [
      "a malformed jsonpath (selects nothing, as in mb)",
      withPredicates({ equals: { body: "x" }, jsonpath: { selector: "$..[?(" } }),
    ],
    [
      "a bad matches beside an earlier operator the evaluator picks",
      withPredicates({ deepEquals: { path: "/" }, matches: { path: "(" } }),
    ],
    [
      "a malformed jsonpath copy (selects nothing)",
      withBehavior({ copy: { from: "body", into: "X", using: using("jsonpath", "$..[?(") } }),
    ],
    [
      "a jsonpath script with a linear regex",
      withPredicates({ equals: { body: "x" }, jsonpath: { selector: "$[?(/^ab/i.test(@.a))]" } }),
    ],
    ["a valid lookup", withBehavior({ lookup: { key: { from: "path", using: using("regex", "\\w+") } } })],
  ])("passes %s", (_name, stub) => {
    expect(dryRunStub(stub)).toBeUndefined();
  });

  it.each([
    [
      "a malformed xpath, as mb reports it",
      withPredicates({ equals: { body: "x" }, xpath: { selector: "//[" } }),
      {
        message: "malformed xpath predicate selector",
        source: "//[",
      },
    ],
    [
      "a broken pattern the test request never reaches",
      withPredicates({ matches: { body: { a: "(" } }, jsonpath: { selector: "$.x" } }),
      {
        message: "Invalid regular expression: /(/: Unterminated group",
        source: "(",
      },
    ],
    [
      "a broken leaf under not",
      withPredicates({ not: { equals: { path: "/" }, except: "[" } }),
      {
        message: "Invalid regular expression: /[/gi: Unterminated character class",
      },
    ],
    [
      "a bad copy regex",
      withBehavior({ copy: { from: "path", into: "X", using: using("regex", "(") } }),
      {
        message:
          'copy behavior "using.selector" field is not a valid regex selector: Invalid regular expression: /(/: Unterminated group',
      },
    ],
    [
      "a bad lookup xpath",
      withBehavior({ lookup: { key: { from: "body", using: using("xpath", "//[") } } }),
      {
        message:
          'lookup behavior "key.using.selector" field is not a valid xpath selector: malformed xpath predicate selector',
      },
    ],
    [
      "a bad predicateGenerator except",
      {
        responses: [
          { proxy: { to: "http://h", predicateGenerators: [{ matches: { path: true }, except: "(" }] } },
        ],
      } as Stub,
      {
        message:
          'predicateGenerator "except" field is not a valid regular expression: Invalid regular expression: /(/g: Unterminated group',
      },
    ],
    [
      "a backreference (no linear-time engine runs one; issue 15)",
      withPredicates({ matches: { path: "^/(a)\\1$" } }),
      {
        message: "regular expressions run in linear time here, which rules out a backreference",
        source: "^/(a)\\1$",
      },
    ],
    [
      "a lookahead in an except the test request never reaches",
      withPredicates({ equals: { body: { a: "x" } }, except: "a(?=b)" }),
      { message: expect.stringContaining("rules out lookaround"), source: "a(?=b)" },
    ],
    [
      "a lookbehind in a copy regex",
      withBehavior({ copy: { from: "path", into: "X", using: using("regex", "(?<=/)\\d+") } }),
      {
        message:
          'copy behavior "using.selector" field is not a valid regex selector: regular expressions run in linear time here, which rules out lookaround (`(?=`, `(?!`, `(?<=`, `(?<!`)',
      },
    ],
    [
      "a jsonpath filter script with a catastrophic regex",
      withPredicates({ equals: { body: "x" }, jsonpath: { selector: "$[?(@.a.match(/^(a+)+$/))]" } }),
      {
        message:
          "a jsonpath script may use only regular expressions that run in linear time: /^(a+)+$/, which is not provably linear",
        source: "$[?(@.a.match(/^(a+)+$/))]",
      },
    ],
    [
      "a jsonpath copy whose script builds a regex from the document",
      withBehavior({
        copy: { from: "body", into: "X", using: using("jsonpath", "$[?(@.a.search(@.b) > 0)]") },
      }),
      {
        message:
          'copy behavior "using.selector" field is not a valid jsonpath selector: a jsonpath script may use only regular expressions that run in linear time: a pattern that is not a literal',
      },
    ],
  ])("refuses %s", (_name, stub, expected) => {
    expect(dryRunStub(stub)).toMatchObject({ code: "bad data", ...expected });
  });

  it("reports the first failure in document order", () => {
    const stub = withPredicates({ matches: { path: "[" } }, { matches: { path: "(" } });
    expect(dryRunStub(stub)?.source).toBe("[");
  });
});
