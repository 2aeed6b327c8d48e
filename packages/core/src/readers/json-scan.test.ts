import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { INVALID_JSON, jsonDocument, mutatedJson } from "../../test/predicates/json-text.ts";
import { compileJsonPath, plainNames } from "../select/jsonpath.ts";
import { SCAN_DECLINED, scanPlainPath } from "./json-scan.ts";

/** The answer the scanner stands in for: the selector run on JSON.parse's tree, as tryJSON hands it over. */
function oracle(text: string, names: readonly string[]): unknown {
  const tree: unknown = JSON.parse(text);
  return compileJsonPath(`$.${names.join(".")}`)(tree);
}

const parses = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

const NAMES = ["a", "b", "id", "order", "0", "length", "__proto__", "constructor", "x-y"];
const names = fc.array(fc.constantFrom(...NAMES), { minLength: 1, maxLength: 3 });

describe("scanPlainPath", () => {
  it("uses the names as jsonpath.ts reads them", () => {
    for (const name of NAMES) expect(plainNames(`$.a.${name}`)).toEqual(["a", name]);
  });

  it.each<[string, string[], unknown]>([
    ['{"order":{"id":"o-1","x":[1,{"id":2}]},"id":3}', ["order", "id"], ["o-1"]],
    [' { "a" : [ 1 , {"b":2} ] , "b" : { "c" : null } } ', ["b", "c"], [null]],
    ['{"a":1,"a":2}', ["a"], [2]],
    ['{"a":{"b":1},"a":{"c":2}}', ["a", "b"], undefined],
    ['{"a":{"b":1},"a":{"b":{"c":[3]}}}', ["a", "b"], [{ c: [3] }]],
    ['{"a":"q\\"\\n\\u00e9"}', ["a"], ['q"\né']],
    ['{"a":-0}', ["a"], [-0]],
    ['{"a":1e400}', ["a"], [Number.POSITIVE_INFINITY]],
    ['{"a":""}', ["a", "b"], undefined],
    ['{"a":0}', ["a", "b"], undefined],
    ['{"a":5}', ["a", "length"], undefined],
    ['{"a\\u0062":1}', ["ab"], [1]],
    ['{"__proto__":{"a":1}}', ["__proto__", "a"], [1]],
    ["null", ["a"], undefined],
    ["{}", ["a"], undefined],
  ])("%s at %j", (text, path, expected) => {
    expect(scanPlainPath(text, path)).toEqual(expected);
    expect(oracle(text, path)).toEqual(expected);
  });

  it.each([
    ["[]", ["0"]],
    ['{"a":[1]}', ["a", "0"]],
    ['{"a":"xy"}', ["a", "length"]],
    ['"text"', ["length"]],
  ])("declines to walk into an array or a string: %s", (text, path) => {
    expect(scanPlainPath(text, path)).toBe(SCAN_DECLINED);
  });

  it.each(INVALID_JSON)("declines what JSON.parse refuses: %j", (text) => {
    expect(parses(text)).toBe(false);
    expect(scanPlainPath(text, ["a"])).toBe(SCAN_DECLINED);
  });

  it.each([199, 200, 201, 5000])("declines nesting deeper than it reads (%i levels)", (levels) => {
    const text = `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;
    const scanned = scanPlainPath(text, ["a", "a"]);
    if (levels <= 200) expect(scanned).toEqual(oracle(text, ["a", "a"]));
    else expect(scanned).toBe(SCAN_DECLINED);
  });

  it("selects what JSON.parse and the selector select, or declines", () => {
    let answered = 0;
    fc.assert(
      fc.property(fc.oneof(jsonDocument(NAMES), mutatedJson(NAMES)), names, (text, path) => {
        const scanned = scanPlainPath(text, path);
        if (scanned === SCAN_DECLINED) return;
        answered++;
        expect(parses(text)).toBe(true);
        expect(scanned).toEqual(oracle(text, path));
      }),
      { numRuns: 20000 },
    );
    expect(answered).toBeGreaterThan(5000);
  });

  it("accepts exactly the texts JSON.parse accepts (for roots it walks into)", () => {
    fc.assert(
      fc.property(fc.oneof(jsonDocument(NAMES), mutatedJson(NAMES)), (text) => {
        const trimmed = text.replace(/^[ \t\n\r]+/, "");
        // A root array or non-empty string is declined before it is read.
        if (trimmed.startsWith("[") || (trimmed.startsWith('"') && !trimmed.startsWith('""'))) return;
        expect(scanPlainPath(text, ["zzz"]) !== SCAN_DECLINED).toBe(parses(text));
      }),
      { numRuns: 20000 },
    );
  });
});
