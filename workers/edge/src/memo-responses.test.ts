import { describe, expect, it } from "vitest";
import type { FieldTree } from "./body-fields.ts";
import type { KeyedReads } from "./memo-reads.ts";
import { derivesFromKeyedFields } from "./memo-responses.ts";

const copy = (from: unknown) => ({
  copy: { from, into: "$X", using: { method: "regex", selector: ".+" } },
});
const is = (behaviors?: unknown[]) => ({ is: { body: "$X" }, ...(behaviors ? { behaviors } : {}) });

describe("derivesFromKeyedFields", () => {
  it.each([
    [{ is: { body: "plain" } }, true, [], false],
    [is([copy("path")]), true, [], false],
    [is([copy("PATH"), copy("method")]), true, [], false],
    [is([copy({ query: "q" }), { wait: 10 }]), true, [], false],
    [is([copy("body")]), true, [], true],
    [is([copy({ body: "x" })]), true, [], true],
    [is([copy({ headers: "X-Tenant" })]), true, ["x-tenant"], false],
    [{ ...is([copy("path")]), repeat: 2 }, true, [], false],
    [is([copy({ headers: "Set-Cookie" })]), false],
    [is([copy({ headers: "x a" })]), false],
    [is([copy({ headers: { a: "b" } })]), false],
    [is([copy("headers")]), false],
    [is([copy({ Query: "q" })]), false],
    [is([copy({})]), false],
    [is([copy("requestFrom")]), false],
    [is([copy("ip")]), false],
    [is([copy({ form: "a" })]), false],
    [is([{ wait: "() => 10" }]), false],
    [is([{ decorate: "(c, r) => {}" }]), false],
    [is([{ shellTransform: "x" }]), false],
    [is([{ lookup: {} }]), false],
    [is([{ copy: "not an object" }]), false],
    [is([{ wait: 1, copy: { from: "ip" } }]), false],
    [is(["not an object"]), false],
    [{ ...is(), behaviors: "not a list" }, false],
    [{ proxy: { to: "http://x" } }, false],
    [{ inject: "() => ({})" }, false],
    [{ fault: "CONNECTION_RESET_BY_PEER" }, false],
    [{ is: {}, inject: "() => ({})" }, false],
    [null, false],
  ])("%j: %s", (response, expected, headers: string[] = [], body = false) => {
    const reads = { headers: new Set<string>(), body: false, fields: new Map() };
    expect(derivesFromKeyedFields(response, reads)).toBe(expected);
    if (expected) expect([[...reads.headers], reads.body]).toEqual([headers, body]);
  });
});

describe("derivesFromKeyedFields on a copy from the body", () => {
  const using = (method: string, selector: string) => ({ method, selector });
  const copyBy = (from: unknown, how: unknown) => is([{ copy: { from, into: "$X", using: how } }]);
  const tree = (entries: [string, FieldTree | true][]): FieldTree => new Map(entries);

  it.each<[string, unknown, FieldTree | null]>([
    [
      "a plain jsonpath chain",
      copyBy("body", using("jsonpath", "$.order.sku")),
      tree([["order", tree([["sku", true]])]]),
    ],
    [
      "a chain from BODY, names folded",
      copyBy("BODY", using("jsonpath", "Order.SKU")),
      tree([["order", tree([["sku", true]])]]),
    ],
    [
      "an array index",
      copyBy("body", using("jsonpath", "$.items[0]")),
      tree([["items", tree([["0", true]])]]),
    ],
    ["a name found anywhere", copyBy("body", using("jsonpath", "$..sku")), null],
    ["a wildcard", copyBy("body", using("jsonpath", "$.items[*].id")), null],
    ["a regex", copyBy("body", using("regex", ".+")), null],
    ["an xpath", copyBy("body", using("xpath", "//sku")), null],
    ["a from that steps into the body", copyBy({ body: "order" }, using("jsonpath", "$.sku")), null],
  ])("%s", (_, response, fields) => {
    const reads: KeyedReads = { headers: new Set(), body: false, fields: new Map() };
    expect(derivesFromKeyedFields(response, reads)).toBe(true);
    expect([reads.body, reads.fields]).toEqual([true, fields]);
  });

  it("adds a chain to the fields the predicates read, and leaves them whole once any copy reads the text", () => {
    const read = (): KeyedReads => ({
      headers: new Set(),
      body: true,
      fields: tree([["user", tree([["id", true]])]]),
    });
    const chain = { copy: { from: "body", into: "$S", using: using("jsonpath", "$.order.sku") } };
    const both = read();
    derivesFromKeyedFields(is([chain]), both);
    expect(both.fields).toEqual(
      tree([
        ["user", tree([["id", true]])],
        ["order", tree([["sku", true]])],
      ]),
    );
    const whole = read();
    derivesFromKeyedFields(is([chain, copy("body")]), whole);
    expect(whole.fields).toBeNull();
    const fromQuery = read();
    derivesFromKeyedFields(copyBy({ query: "q" }, using("jsonpath", "$.order.sku")), fromQuery);
    expect(fromQuery.fields).toEqual(read().fields);
  });
});
