import { describe, expect, it } from "vitest";
import { MbFailure } from "../errors.ts";
import type { Predicate } from "../schemas/predicate.ts";
import { comparable, DEFAULT_FOLD, foldKey, foldOf, forceStrings, valueFolder } from "./fold.ts";

// Rules read from Mountebank's models/predicates.js (normalize, caseTransform, exceptTransform).
describe("foldOf", () => {
  it.each<[string, Predicate, boolean, boolean, "g" | "gi"]>([
    ["default", {}, true, true, "gi"],
    ["caseSensitive", { caseSensitive: true }, false, false, "g"],
    [
      "caseSensitive, keyCaseSensitive false",
      { caseSensitive: true, keyCaseSensitive: false },
      true,
      false,
      "g",
    ],
    ["keyCaseSensitive true alone changes nothing", { keyCaseSensitive: true }, true, true, "gi"],
    ["caseSensitive false", { caseSensitive: false }, true, true, "gi"],
  ])("%s", (_name, predicate, keysLower, valuesLower, exceptFlags) => {
    expect(foldOf(predicate)).toMatchObject({ keysLower, valuesLower, exceptFlags });
  });

  it("treats an empty except as none and notes binary mode", () => {
    expect(foldOf({ except: "" }).except).toBeUndefined();
    expect(foldOf({ except: "\\d" }, "base64")).toMatchObject({ except: "\\d", base64: true });
  });
});

describe("valueFolder", () => {
  it.each([
    [{}, "/ABC123", "/abc123"],
    [{ except: "\\d+" }, "/ABC123", "/abc"],
    [{ except: "b" }, "/ABC", "/ac"], // case-insensitive except by default
    [{ except: "b", caseSensitive: true }, "/ABCb", "/ABC"],
    [{ except: "" }, "/A", "/a"],
  ])("%j folds %s to %s", (predicate, text, expected) => {
    expect(valueFolder(foldOf(predicate))(text)).toBe(expected);
  });

  it("decodes base64 before lower-casing and removing", () => {
    expect(valueFolder(foldOf({ except: "c" }, "base64"))("QUJD")).toBe("ab");
  });

  it("reports an invalid except pattern as bad data when used", () => {
    const fold = valueFolder(foldOf({ except: "[" }));
    expect(() => fold("x")).toThrow(MbFailure);
    expect(() => fold("x")).toThrow(/Invalid regular expression/);
  });
});

describe("foldKey", () => {
  it("lower-cases keys unless the fold keeps them", () => {
    expect(foldKey(DEFAULT_FOLD, "Content-Type")).toBe("content-type");
    expect(foldKey(foldOf({ caseSensitive: true }), "Content-Type")).toBe("Content-Type");
  });
});

describe("comparable", () => {
  it.each<[unknown, unknown]>([
    [1, "1"],
    [true, "true"],
    [null, null],
    [undefined, undefined],
    [["a", 1], "a,1"],
    [{ a: 1 }, "[object Object]"],
  ])("%j → %j", (value, expected) => {
    expect(comparable(value)).toEqual(expected);
  });
});

describe("forceStrings", () => {
  it("turns every scalar into a string, null into 'null'", () => {
    expect(forceStrings({ a: [1, null, true], b: { c: 2.5 } })).toEqual({
      a: ["1", "null", "true"],
      b: { c: "2.5" },
    });
  });
});
