import { describe, expect, it } from "vitest";
import { testRequest } from "../../test/behaviors/test-request.ts";
import { compilePredicate } from "../predicates/compile.ts";
import { createRequestView } from "../request/view.ts";
import type { Predicate } from "../schemas/predicate.ts";
import { analyzeStub } from "./analyze.ts";
import { NO_MATCH, readBodyPath, UNJUDGED } from "./body-path.ts";
import { RequestScan } from "./request-scan.ts";

/** The body-field constraints of a stub as `{ id: keys }`, and whether it is safe. */
function bodyConstraints(predicates: Predicate[]): { constraints: Record<string, string[]>; safe: boolean } {
  const analysis = analyzeStub(predicates);
  const constraints: Record<string, string[]> = {};
  for (const c of analysis.constraints.values()) if (c.type === "eq") constraints[c.id] = [...c.keys];
  return { constraints, safe: analysis.safe };
}

const UID = 'bodyPath:["user","id"]';

describe("nested body analysis", () => {
  it.each<[string, Predicate, Record<string, string[]>, boolean]>([
    ["a nested leaf, folded", { equals: { body: { User: { ID: "U-7" } } } }, { [UID]: ["u-7"] }, false],
    [
      "several leaves and levels, then a top-level field",
      { equals: { body: { user: { id: 7, a: { b: true } }, kind: "x" } } },
      { [UID]: ["7"], 'bodyPath:["user","a","b"]': ["true"], "bodyField:kind": ["x"] },
      false,
    ],
    [
      "an array expectation ends the analysis",
      { equals: { body: { user: { tags: ["a"], id: "1" }, kind: "x" } } },
      {},
      false,
    ],
    [
      "a null expectation ends it too, after what came before",
      { equals: { body: { user: { id: "1", n: null }, kind: "x" } } },
      { [UID]: ["1"] },
      false,
    ],
    [
      "names that may not read as missing leave their subtree unkeyed",
      { equals: { body: { length: { id: "1" }, user: { constructor: "x", "0": "y", id: "2" } } } },
      { [UID]: ["2"] },
      false,
    ],
    [
      "a dotted name is its own step",
      { equals: { body: { "user.id": { x: "1" } } } },
      { 'bodyPath:["user.id","x"]': ["1"] },
      false,
    ],
    [
      "caseSensitive is not keyed",
      { equals: { body: { user: { id: "1" } } }, caseSensitive: true },
      {},
      false,
    ],
    ["except is not keyed", { equals: { body: { user: { id: "1" } } }, except: "x" }, {}, false],
    [
      "deepEquals keeps its own dimension",
      { deepEquals: { body: { u: { id: "1" } } } },
      { bodyShape: ['{"u":{"id":"1"}}'] },
      true,
    ],
  ])("%s", (_name, predicate, constraints, safe) => {
    expect(bodyConstraints([predicate])).toEqual({ constraints, safe });
  });
});

type Keys = readonly string[] | "none" | "unjudged";

/** What the dimension collects for a body: the keys, none (the stub cannot match), or unjudged. */
function requestKeys(body: string, path: readonly string[]): Keys {
  const leaf = readBodyPath(new RequestScan(createRequestView(testRequest({ body }))), path);
  if (leaf === NO_MATCH) return "none";
  if (leaf === UNJUDGED) return "unjudged";
  const values = leaf === undefined ? [""] : Array.isArray(leaf) ? leaf : [leaf];
  const scalar = (v: unknown) => typeof v === "string" || typeof v === "number" || typeof v === "boolean";
  return values.every(scalar) ? values.map(String) : "unjudged";
}

/** Whether `equals` with `leaf` nested at `path` holds for the body, by the evaluator. */
function evaluates(body: string, path: readonly string[], leaf: string): boolean {
  const expected = path.reduceRight<unknown>((inner, name) => ({ [name]: inner }), leaf);
  const predicate = compilePredicate({ equals: { body: expected } } as Predicate);
  return predicate(createRequestView(testRequest({ body }))) === true;
}

const U = ["user", "id"];
const ABC = ["a", "b", "c"];

describe("nested body request keys", () => {
  it.each<[string, readonly string[], Keys]>([
    ['{"user":{"id":"U-7"}}', U, ["u-7"]],
    ['{"USER":{"ID":7}}', U, ["7"]],
    ['{"user":{"id":true}}', U, ["true"]],
    ['{"user":{"name":"a"}}', U, [""]],
    ['{"user":{"id":["a","B",2]}}', U, ["a", "b", "2"]],
    ['{"user":{"id":{"x":1}}}', U, "unjudged"],
    ['{"user":{"id":"a"},"user":{"id":"b"}}', U, ["b"]],
    ['{"user":"{\\"id\\":\\"X\\"}"}', U, ["x"]],
    ['{"user":"plain"}', U, [""]],
    ['{"user":5}', U, [""]],
    ['{"user":0}', U, "none"],
    ['{"user":""}', U, "none"],
    ['{"user":false}', U, "none"],
    ['{"user":null}', U, "none"],
    ["{}", U, "none"],
    ["", U, "none"],
    ["not json", U, "none"],
    ["7", U, "none"],
    ['{"user":[{"id":"x"}]}', U, "unjudged"],
    ['[{"user":{"id":"x"}}]', U, "unjudged"],
    ["null", U, "unjudged"],
    ['{"user":"null"}', U, "unjudged"],
    ['{"user":"[1]"}', U, "unjudged"],
    ['{"__proto__":{"user":{"id":"x"}}}', U, "unjudged"],
    ['{"user":{"__proto__":{"id":"x"}}}', U, "unjudged"],
    ['{"a":{"b":"{\\"c\\":1}"}}', ABC, ["1"]],
    ['{"a":{"b":5}}', ABC, [""]],
    ['{"a":5}', ABC, "none"],
    ['{"a":{"b":{}}}', ABC, [""]],
  ])("%s at %j", (body, path, keys) => {
    expect(requestKeys(body, path)).toEqual(keys);
    // Each key the index collects is one the predicate holds for; other values fail.
    if (keys === "unjudged") return;
    for (const leaf of keys === "none" ? ["", "x", "1"] : keys) {
      expect(evaluates(body, path, leaf)).toBe(keys !== "none");
    }
    expect(evaluates(body, path, "never-this")).toBe(false);
  });
});
