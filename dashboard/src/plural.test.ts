import { describe, expect, it } from "vitest";
import { pluralize } from "./plural.ts";

describe("pluralize", () => {
  it.each([
    [0, "stub", undefined, "0 stubs"],
    [1, "stub", undefined, "1 stub"],
    [2, "stub", undefined, "2 stubs"],
    [1, "request", undefined, "1 request"],
    [10_000, "request", undefined, "10000 requests"],
    [1, "proxy", "proxies", "1 proxy"],
    [3, "proxy", "proxies", "3 proxies"],
  ])("%d %s (%s)", (count, one, many, text) => {
    expect(pluralize(count, one, many)).toBe(text);
  });
});
