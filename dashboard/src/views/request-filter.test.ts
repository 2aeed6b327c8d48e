import { describe, expect, it } from "vitest";
import type { JournalEntry } from "../api/types.ts";
import { filterEntries } from "./request-filter.ts";

const entry = (
  seq: number,
  fields: Partial<JournalEntry["request"]>,
  stubIndex: number | null,
): JournalEntry => ({
  seq,
  at: "2026-11-29T05:00:00.000Z",
  stubIndex,
  request: { requestFrom: "", method: "GET", path: "/", query: {}, headers: {}, body: "", ip: "", ...fields },
});

const entries = [
  entry(1, { method: "POST", path: "/orders", body: '{"sku":"A-1"}', headers: { "x-tenant": "acme" } }, 0),
  entry(2, { path: "/orders/7", query: { expand: "items" } }, 1),
  entry(3, { method: "DELETE", path: "/orders/7" }, null),
];
const label = (one: JournalEntry) => (one.stubIndex === null ? "no match" : `stub #${one.stubIndex}`);
const seqs = (filter: string) => filterEntries(entries, filter, label).map((one) => one.seq);

describe("filterEntries", () => {
  it.each([
    ["", [1, 2, 3]],
    ["   ", [1, 2, 3]],
    ["post", [1]],
    ["/orders/7", [2, 3]],
    ["expand=items", [2]],
    ["X-Tenant: ACME", [1]],
    ["a-1", [1]],
    ['"no match"', [3]],
    ["stub #1", [2]],
    ["orders delete", [3]],
    ["orders nothing-like-this", []],
  ])("%j keeps %j", (filter, expected) => {
    expect(seqs(filter)).toEqual(expected);
  });
});
