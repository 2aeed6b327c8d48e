import { STATUS } from "@mockctl/contract";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_LIMITS,
  imposterSizeError,
  resolveLimits,
  stubCountError,
  stubLimitError,
} from "./limits.ts";

const limits = resolveLimits({
  maxResponsesPerStub: 2,
  maxPredicateDepth: 2,
  maxRegexLength: 5,
  maxImposterBytes: 10,
});
const ok = { is: {} };

describe("limits", () => {
  it("documents defaults that hold the load tests' 10,000 stubs with room to spare", () => {
    expect(DEFAULT_LIMITS.maxStubs).toBeGreaterThanOrEqual(20_000);
    expect(Object.isFrozen(DEFAULT_LIMITS)).toBe(true);
    expect(resolveLimits({ maxStubs: 5 })).toEqual({ ...DEFAULT_LIMITS, maxStubs: 5 });
  });

  it("answers with its own code, an HTTP 413, and the numbers for programs", () => {
    const error = stubCountError(20_001, DEFAULT_LIMITS);
    expect(error).toEqual({
      code: "limit exceeded",
      message: "an imposter may have at most 20000 stubs; this one would have 20001",
      data: { limit: "maxStubs", max: 20_000, actual: 20_001 },
    });
    expect(STATUS["limit exceeded"]).toBe(413);
    expect(stubCountError(20_000, DEFAULT_LIMITS)).toBeUndefined();
  });

  it("measures the stored size in UTF-8 bytes", () => {
    expect(imposterSizeError('"12345\u20ac"', limits)).toBeUndefined(); // 8 characters, 10 bytes
    const error = imposterSizeError('"123456\u20ac"', limits); // 9 characters, 11 bytes
    expect(error?.data).toEqual({ limit: "maxImposterBytes", max: 10, actual: 11 });
  });

  it.each([
    ["three responses", { responses: [ok, ok, ok] }, "maxResponsesPerStub", 3],
    [
      "predicates three levels deep",
      { responses: [ok], predicates: [{ not: { not: { equals: {} } } }] },
      "maxPredicateDepth",
      3,
    ],
    [
      "a long matches value",
      { responses: [ok], predicates: [{ matches: { body: { a: "123456" } } }] },
      "maxRegexLength",
      6,
    ],
    [
      "a long except",
      { responses: [ok], predicates: [{ or: [{ equals: {}, except: "123456" }] }] },
      "maxRegexLength",
      6,
    ],
    [
      "a long copy regex",
      { responses: [{ is: {}, behaviors: [{ copy: { using: { method: "regex", selector: "1234567" } } }] }] },
      "maxRegexLength",
      7,
    ],
  ])("refuses %s", (_name, stub, limit, actual) => {
    expect(stubLimitError(stub, limits)).toMatchObject({ code: "limit exceeded", data: { limit, actual } });
  });

  it("lets a stub within every limit through", () => {
    const stub = {
      responses: [ok, ok],
      predicates: [{ not: { matches: { path: "^/a$" } } }],
    };
    expect(stubLimitError(stub, limits)).toBeUndefined();
    // A jsonpath selector is not a regex, however long.
    const jsonpath = {
      responses: [
        { is: {}, behaviors: [{ copy: { using: { method: "jsonpath", selector: "$.abcdefg" } } }] },
      ],
    };
    expect(stubLimitError(jsonpath, limits)).toBeUndefined();
  });
});
