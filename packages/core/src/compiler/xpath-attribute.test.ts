import { describe, expect, it } from "vitest";
import { testRequest } from "../../test/behaviors/test-request.ts";
import { compilePredicate } from "../predicates/compile.ts";
import { createRequestView } from "../request/view.ts";
import type { Predicate } from "../schemas/predicate.ts";
import { analyzeStub } from "./analyze.ts";
import { RequestScan } from "./request-scan.ts";
import { attributeValues } from "./xpath-attribute.ts";

const keysOf = (predicates: Predicate[]): Record<string, readonly string[]> =>
  Object.fromEntries(
    [...analyzeStub(predicates).constraints.values()].map((c) => [c.id, c.type === "eq" ? c.keys : []]),
  );

const ITEM_ID = 'xpathAttribute:["item","id"]';

describe("xpath attribute analysis", () => {
  it.each<[string, Predicate, Record<string, readonly string[]>]>([
    [
      "the issue 12 shape",
      { exists: { body: true }, xpath: { selector: "//Item[@ID='A-7']" } },
      { [ITEM_ID]: ["a-7"] },
    ],
    [
      "double quotes",
      { exists: { body: true }, xpath: { selector: '//item[@id="7"]' } },
      { [ITEM_ID]: ["7"] },
    ],
    [
      "two predicates: the first",
      { exists: { body: true }, xpath: { selector: "//item[@id='7'][@k='v']" } },
      { [ITEM_ID]: ["7"] },
    ],
    ["exists false", { exists: { body: false }, xpath: { selector: "//item[@id='7']" } }, {}],
    ["a child step", { exists: { body: true }, xpath: { selector: "/item[@id='7']" } }, {}],
    ["two steps", { exists: { body: true }, xpath: { selector: "//a//item[@id='7']" } }, {}],
    ["any element", { exists: { body: true }, xpath: { selector: "//*[@id='7']" } }, {}],
    ["no predicate", { exists: { body: true }, xpath: { selector: "//item" } }, {}],
    [
      "caseSensitive",
      { exists: { body: true }, xpath: { selector: "//item[@id='7']" }, caseSensitive: true },
      {},
    ],
    ["except", { exists: { body: true }, xpath: { selector: "//item[@id='7']" }, except: "x" }, {}],
    [
      "a default namespace",
      { exists: { body: true }, xpath: { selector: "//item[@id='7']", ns: { "": "urn:x" } } },
      {},
    ],
    ["a function", { exists: { body: true }, xpath: { selector: "//item[@id=string(7)]" } }, {}],
  ])("%s", (_name, predicate, keys) => {
    expect(keysOf([predicate])).toEqual(keys);
  });
});

const scanOf = (body: string) => new RequestScan(createRequestView(testRequest({ body })));

/** Whether `exists: { body: true }` with `//element[@attribute='literal']` holds, by the evaluator. */
function evaluates(body: string, element: string, attribute: string, literal: string): boolean {
  const selector = `//${element}[@${attribute}='${literal}']`;
  const predicate = compilePredicate({ exists: { body: true }, xpath: { selector } } as Predicate);
  return predicate(createRequestView(testRequest({ body }))) === true;
}

describe("xpath attribute request keys", () => {
  it.each<[string, string, string, string[] | undefined]>([
    ['<order><item id="7"><sku>a</sku></item></order>', "item", "id", ["7"]],
    ['<Item ID="X"/>', "item", "id", ["x"]],
    ['<a><item id="1"/><b><item id="2">t</item><item k="1"/></b></a>', "item", "id", ["1", "2"]],
    ["<a id='1'><item/></a>", "item", "id", []],
    ['<a id="1"/>', "a", "id", ["1"]],
    ["plain text", "item", "id", []],
    ["", "item", "id", []],
    ['<a><item id="1"/>&amp;</a>', "item", "id", undefined],
    ['<x:a xmlns:x="u"><item id="1"/></x:a>', "item", "id", undefined],
    ['<a><item id="1"/>', "item", "id", undefined],
  ])("%s: @%s of %s", (body, element, attribute, values) => {
    expect(attributeValues(scanOf(body), element, attribute)).toEqual(values);
    if (values === undefined) return;
    // The predicate holds for exactly the collected values.
    for (const literal of [...values, "1", "2", "x", "nope"]) {
      expect(evaluates(body, element, attribute, literal)).toBe(values.includes(literal));
    }
  });
});
