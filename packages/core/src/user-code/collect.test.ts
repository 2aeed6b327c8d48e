import { describe, expect, it } from "vitest";
import type { Imposter } from "../schemas/imposter.ts";
import { isWaitFunction, UserFunctionSet, userFunctionsOf } from "./collect.ts";

const imposter = (stubs: Imposter["stubs"]): Imposter => ({ protocol: "http", port: 4545, stubs });

describe("userFunctionsOf", () => {
  it("finds every function in document order, nested predicates included", () => {
    const found = userFunctionsOf(
      imposter([
        {
          predicates: [
            { equals: { path: "/" } },
            { or: [{ not: { inject: "p1" } }, { and: [{ inject: "p2" }] }] },
            { inject: "p3" },
          ],
          responses: [
            { inject: "r1", behaviors: [{ wait: "w1" }, { decorate: "d1" }] },
            {
              proxy: {
                to: "http://origin",
                addDecorateBehavior: "d2",
                predicateGenerators: [{ inject: "g1" }, { matches: { path: true } }],
              },
            },
          ],
        },
        { responses: [{ is: {}, behaviors: [{ decorate: "d3" }, { wait: "w2" }] }] },
      ]),
    );
    expect(found).toEqual([
      { kind: "predicate", source: "p1" },
      { kind: "predicate", source: "p2" },
      { kind: "predicate", source: "p3" },
      { kind: "response", source: "r1" },
      { kind: "wait", source: "w1" },
      { kind: "decorate", source: "d1" },
      { kind: "decorate", source: "d2" },
      { kind: "generator", source: "g1" },
      { kind: "decorate", source: "d3" },
      { kind: "wait", source: "w2" },
    ]);
  });

  it("lists a source once per kind, and again under another kind", () => {
    const found = userFunctionsOf(
      imposter([
        { predicates: [{ inject: "f" }], responses: [{ inject: "f" }] },
        { predicates: [{ inject: "f" }], responses: [{ inject: "f" }] },
      ]),
    );
    expect(found).toEqual([
      { kind: "predicate", source: "f" },
      { kind: "response", source: "f" },
    ]);
  });

  it("skips imposters and waits with no code", () => {
    const found = userFunctionsOf(
      imposter([
        { predicates: [{ equals: {} }], responses: [{ is: {}, behaviors: [{ wait: 5 }, { wait: "50" }] }] },
      ]),
    );
    expect(found).toEqual([]);
  });
});

describe("isWaitFunction", () => {
  // The same parseInt rule as behaviors/wait.ts (and mb's behaviors.wait): a leading number wins.
  it.each([
    ["500", false],
    [" 500", false],
    ["500ms", false],
    ["0x10", false],
    ["-1", false],
    ["function () { return 5; }", true],
    ["() => 5", true],
    ["", true],
  ])("%j is a function: %s", (value, expected) => {
    expect(isWaitFunction(value)).toBe(expected);
  });
});

describe("UserFunctionSet", () => {
  it("keeps insertion order and answers membership by kind and source", () => {
    const set = new UserFunctionSet([{ kind: "wait", source: "a" }]);
    set.add("decorate", "a");
    set.add("wait", "a");
    expect(set.has("decorate", "a")).toBe(true);
    expect(set.has("response", "a")).toBe(false);
    expect(set.list()).toEqual([
      { kind: "wait", source: "a" },
      { kind: "decorate", source: "a" },
    ]);
  });
});
