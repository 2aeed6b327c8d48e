import { describe, expect, it } from "vitest";
import {
  DEFAULT_WORKSPACE_LIMITS,
  definitionBytes,
  imposterCountError,
  parseWorkspaceLimits,
  storedBytesError,
} from "./workspace-limits.ts";

const limits = { maxImposters: 2, maxStoredBytes: 100 };

describe("workspace limits", () => {
  it.each([
    [{}, DEFAULT_WORKSPACE_LIMITS],
    [
      { maxImposters: "5", maxStoredBytes: "2048" },
      { maxImposters: 5, maxStoredBytes: 2048 },
    ],
    [{ maxImposters: "0", maxStoredBytes: "lots" }, DEFAULT_WORKSPACE_LIMITS],
    [{ maxImposters: "2.5", maxStoredBytes: "-1" }, DEFAULT_WORKSPACE_LIMITS],
  ])("reads %j as %j", (vars, expected) => {
    expect(parseWorkspaceLimits(vars)).toEqual(expected);
  });

  it("defaults to 1,000 imposters and 100 MiB", () => {
    expect(DEFAULT_WORKSPACE_LIMITS).toEqual({ maxImposters: 1000, maxStoredBytes: 104_857_600 });
  });

  it("allows up to each limit and refuses one more with limit exceeded and both numbers", () => {
    expect([imposterCountError(2, limits), storedBytesError(100, limits)]).toEqual([undefined, undefined]);
    expect(imposterCountError(3, limits)).toEqual({
      code: "limit exceeded",
      message: "a workspace may have at most 2 imposters; this one would have 3",
      data: { limit: "maxImposters", max: 2, actual: 3 },
    });
    expect(storedBytesError(101, limits)).toEqual({
      code: "limit exceeded",
      message: "a workspace's imposters may take at most 100 bytes as JSON together; these would take 101",
      data: { limit: "maxStoredBytes", max: 100, actual: 101 },
    });
  });

  it("counts a definition's bytes as UTF-8 JSON", () => {
    expect(definitionBytes({ a: "é" })).toBe('{"a":"é"}'.length + 1);
  });
});
