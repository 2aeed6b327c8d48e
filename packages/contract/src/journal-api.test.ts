import { describe, expect, it } from "vitest";
import {
  explainAnswerSchema,
  explainRequestSchema,
  JOURNAL_PATHS,
  journalEntrySchema,
  journalStreamQuerySchema,
  journalStubsSchema,
} from "./journal-api.ts";

const request = {
  requestFrom: "127.0.0.1:5000",
  method: "GET",
  path: "/a",
  query: { q: ["1", "2"] },
  headers: { Accept: "text/plain" },
  body: "",
  ip: "127.0.0.1",
  timestamp: "2026-11-24T23:00:00.000Z",
};

describe("journal API schemas", () => {
  it("reads a stream entry, with or without an answering stub", () => {
    const entry = { seq: 3, at: "2026-11-24T23:00:00.000Z", request, stubIndex: 0 };
    expect(journalEntrySchema.parse(entry)).toEqual(entry);
    expect(journalEntrySchema.safeParse({ ...entry, stubIndex: null }).success).toBe(true);
    expect(journalEntrySchema.safeParse({ ...entry, seq: 0 }).success).toBe(false);
    expect(journalEntrySchema.safeParse({ ...entry, stubIndex: -1 }).success).toBe(false);
  });

  it("reads a proxy's recording: where it was saved, where its proxy is, how many stubs there are", () => {
    const stubs = { at: "2026-11-25T02:00:00.000Z", stubIndex: 0, proxyIndex: 1, count: 2 };
    expect(journalStubsSchema.parse(stubs)).toEqual(stubs);
    expect(journalStubsSchema.safeParse({ ...stubs, proxyIndex: -1 }).success).toBe(false);
    expect(journalStubsSchema.safeParse({ ...stubs, at: "yesterday" }).success).toBe(false);
  });

  it.each([
    ["", undefined, true],
    ["7", 7, true],
    ["-1", undefined, false],
    ["x", undefined, false],
  ])("?since=%j reads as %j", (since, value, valid) => {
    const parsed = journalStreamQuerySchema.safeParse(since === "" ? {} : { since });
    expect(parsed.success).toBe(valid);
    if (parsed.success) expect(parsed.data.since).toBe(value);
  });

  it("fills what an explain request leaves out as an empty GET /", () => {
    expect(explainRequestSchema.parse({ request: { path: "/b" } }).request).toEqual({
      method: "GET",
      path: "/b",
      query: {},
      headers: {},
      body: "",
    });
    expect(explainRequestSchema.safeParse({}).success).toBe(false);
    expect(explainRequestSchema.safeParse({ request: { body: {} } }).success).toBe(false);
  });

  it("reads an explain answer and refuses a sixth near miss or an unknown operator", () => {
    const miss = {
      stubIndex: 1,
      predicateIndex: 0,
      predicate: { equals: { path: "/b" } },
      field: "path",
      operator: "equals",
      expected: "/b",
      actual: "/a",
    };
    expect(explainAnswerSchema.parse({ stubIndex: null, nearMisses: [miss] }).nearMisses).toEqual([miss]);
    expect(explainAnswerSchema.safeParse({ stubIndex: 0, nearMisses: Array(6).fill(miss) }).success).toBe(
      false,
    );
    expect(
      explainAnswerSchema.safeParse({ stubIndex: 0, nearMisses: [{ ...miss, operator: "like" }] }).success,
    ).toBe(false);
  });

  it("builds the paths with the id escaped", () => {
    expect(JOURNAL_PATHS.stream(4545)).toBe("/imposters/4545/requests/stream");
    expect(JOURNAL_PATHS.explain("a/b")).toBe("/imposters/a%2Fb/explain");
  });
});
