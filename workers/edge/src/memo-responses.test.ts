import { describe, expect, it } from "vitest";
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
