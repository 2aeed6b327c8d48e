import { describe, expect, it } from "vitest";
import type { Predicate } from "../schemas/predicate.ts";
import type { MbRequest } from "../schemas/request.ts";
import { evaluatePredicate } from "./compile.ts";
import type { PredicateInjector } from "./types.ts";

const request: MbRequest = {
  requestFrom: "",
  method: "GET",
  path: "/a",
  query: {},
  headers: {},
  body: "",
  ip: "",
};
const yes: Predicate = { equals: { path: "/a" } };
const no: Predicate = { equals: { path: "/b" } };
const broken: Predicate = { caseSensitive: true }; // no operator: throws "missing predicate" when reached

describe("not, or, and", () => {
  it.each<[string, Predicate, boolean]>([
    ["not true", { not: yes }, false],
    ["not false", { not: no }, true],
    ["or", { or: [no, yes] }, true],
    ["or, none", { or: [no, no] }, false],
    ["or, empty", { or: [] }, false],
    ["and", { and: [yes, yes] }, true],
    ["and, one false", { and: [yes, no] }, false],
    ["and, empty", { and: [] }, true],
    ["nested", { and: [{ not: no }, { or: [no, { and: [yes] }] }] }, true],
    ["or stops at the first true", { or: [yes, broken] }, true],
    ["and stops at the first false", { and: [no, broken] }, false],
  ])("%s", (_name, predicate, expected) => {
    expect(evaluatePredicate(predicate, request)).toBe(expected);
  });

  it("raises a child's error when the child is reached", () => {
    expect(() => evaluatePredicate({ or: [no, broken] }, request)).toThrow("missing predicate");
    expect(() => evaluatePredicate({ not: broken }, request)).toThrow("missing predicate");
  });

  it("answers synchronously when no inject had to run", () => {
    const inject: PredicateInjector = async () => true;
    const result = evaluatePredicate({ or: [yes, { inject: "() => true" }] }, request, { inject });
    expect(result).toBe(true);
  });

  it("waits for an asynchronous inject and keeps the order of the rest", async () => {
    const calls: string[] = [];
    const inject: PredicateInjector = async (source) => {
      calls.push(source);
      return source === "second";
    };
    const predicate: Predicate = {
      or: [{ inject: "first" }, { not: { inject: "second" } }, { inject: "third" }],
    };
    const result = evaluatePredicate(predicate, request, { inject });
    expect(result).toBeInstanceOf(Promise);
    expect(await result).toBe(false);
    expect(calls).toEqual(["first", "second", "third"]);
  });

  it("stops after an asynchronous deciding result", async () => {
    const calls: string[] = [];
    const inject: PredicateInjector = async (source) => {
      calls.push(source);
      return false;
    };
    expect(await evaluatePredicate({ and: [{ inject: "a" }, { inject: "b" }] }, request, { inject })).toBe(
      false,
    );
    expect(calls).toEqual(["a"]);
  });

  it("refuses an or/and that is not an array, when evaluated", () => {
    expect(() => evaluatePredicate({ or: {} as never }, request)).toThrow("needs an array");
  });
});
