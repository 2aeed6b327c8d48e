import { createRequire } from "node:module";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareForSort, stableStringify } from "./ordering.ts";

const mbStringify = createRequire(import.meta.url)("safe-stable-stringify") as (
  value: unknown,
) => string | undefined;

describe("stableStringify", () => {
  it.each([
    [{ b: 1, a: [2, "x", null] }, '{"a":[2,"x",null],"b":1}'],
    [{ a: undefined, b: () => 1 }, "{}"],
    [[undefined, Number.NaN], "[null,null]"],
    ["é\u0001\ud800", '"é\\u0001\\ud800"'],
    [undefined, undefined],
  ])("%j", (value, expected) => {
    expect(stableStringify(value)).toBe(expected);
    expect(mbStringify(value)).toBe(expected);
  });

  it("agrees with safe-stable-stringify on JSON values", () => {
    fc.assert(
      // Binary strings bring lone surrogates and control characters, which need escaping.
      fc.property(fc.oneof(fc.jsonValue(), fc.jsonValue({ stringUnit: "binary" })), (value) => {
        expect(stableStringify(value)).toBe(mbStringify(value));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("compareForSort", () => {
  it("orders strings, then objects by their stable text", () => {
    expect(["b", "a", "c"].sort(compareForSort)).toEqual(["a", "b", "c"]);
    expect([{ k: "b" }, { k: "a" }].sort(compareForSort)).toEqual([{ k: "a" }, { k: "b" }]);
  });
});
