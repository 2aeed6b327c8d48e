import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { display, field, isObjectLike, isRecord, tryStringify, utf8Length } from "./values.ts";

describe("values", () => {
  it("measures UTF-8 exactly as TextEncoder encodes, lone surrogates included", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        expect(utf8Length(text)).toBe(new TextEncoder().encode(text).length);
      }),
    );
    expect(utf8Length("a\u00e9\u20ac\u{1f600}\ud800")).toBe(1 + 2 + 3 + 4 + 3);
  });

  it.each([
    [{}, true, true],
    [[], false, true],
    [null, false, false],
    ["x", false, false],
  ])("tells records (%j) from other objects", (value, record, objectLike) => {
    expect(isRecord(value)).toBe(record);
    expect(isObjectLike(value)).toBe(objectLike);
  });

  it("reads only own properties, and nothing from non-objects", () => {
    expect(field({ a: 1 }, "a")).toBe(1);
    expect(field({}, "toString")).toBeUndefined();
    expect(field("abc", "length")).toBeUndefined();
    expect(field(null, "a")).toBeUndefined();
  });

  it("interpolates like a template literal without throwing", () => {
    expect(display([1, 2])).toBe("1,2");
    expect(display(null)).toBe("null");
    expect(
      display({
        toString: () => {
          throw new Error("no");
        },
      }),
    ).toBe("[object Object]");
  });

  it("refuses what JSON cannot hold", () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(tryStringify(cycle)).toBeUndefined();
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 100_000; i++) deep = { not: deep };
    expect(tryStringify(deep)).toBeUndefined();
    expect(tryStringify({ a: [1] })).toBe('{"a":[1]}');
  });
});
