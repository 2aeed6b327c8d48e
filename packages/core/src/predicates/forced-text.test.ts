import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { INVALID_JSON, jsonDocument, jsonText, mutatedJson } from "../../test/predicates/json-text.ts";
import { DEFAULT_FOLD, type Fold, foldKey, foldOf, valueFolder } from "./fold.ts";
import { forcedJsonText } from "./forced-text.ts";
import { stableStringify } from "./ordering.ts";
import { transformForced } from "./transform-tree.ts";
import { parsesAsFolded } from "./try-json.ts";

/** The two-step path forcedJsonText replaces (tryJSON's kept parse, forced and folded, stable text). */
function twoStep(text: string, fold: Fold): string | undefined | Error {
  try {
    const tree: unknown = JSON.parse(text);
    return stableStringify(transformForced(tree, (name) => foldKey(fold, name), valueFolder(fold)));
  } catch (error) {
    return error as Error;
  }
}

const KEYS = ["a", "b", "A", "toString", "valueOf", "toJSON", "__proto__", "é"];

/** Arrays that mix objects, arrays and scalars, and objects whose keys coerce or collide. */
const mixed: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.constantFrom('"a"', '"[object object]"', '"b,c"', '""', "1", "-0", "1e400", "true", "null", '"null"'),
    fc.array(tie("value"), { maxLength: 5 }).map((items) => `[${items.join(",")}]`),
    fc
      .array(fc.tuple(fc.constantFrom(...KEYS), tie("value")), { maxLength: 3 })
      .map((members) => `{${members.map(([k, v]) => `"${k}":${v}`).join(",")}}`),
  ),
})).value;

const texts = fc.oneof(mixed, jsonText, jsonDocument(KEYS), mutatedJson(KEYS));

describe("forcedJsonText", () => {
  it.each<[string, Fold, "lower" | "same"]>([
    ["default", DEFAULT_FOLD, "lower"],
    ["caseSensitive", foldOf({ caseSensitive: true }), "same"],
  ])("gives the two-step text wherever tryJSON keeps the parse (%s fold)", (_name, fold, shortcut) => {
    let compared = 0;
    fc.assert(
      fc.property(texts, fc.boolean(), (raw, lower) => {
        const text = lower ? raw.toLowerCase() : raw;
        if (!parsesAsFolded(shortcut, text)) return;
        const fused = forcedJsonText(text, valueFolder(fold));
        const expected = twoStep(text, fold);
        if (fused !== undefined) {
          expect(fused).toBe(expected);
          compared++;
        } else if (typeof expected === "string") {
          // Declining a text JSON.parse takes is allowed only for the objects it does not model.
          expect(text).toMatch(/"(toString|valueOf)"/);
        }
      }),
      { numRuns: 10000 },
    );
    expect(compared).toBeGreaterThan(2000);
  });

  it.each(INVALID_JSON)("declines what JSON.parse refuses: %j", (text) => {
    expect(() => JSON.parse(text)).toThrow();
    expect(forcedJsonText(text, valueFolder(DEFAULT_FOLD))).toBeUndefined();
  });

  it("orders mixed arrays as Mountebank does", () => {
    const text = '[["b","a"],"b,a",{"x":"1"},"[object object]","a,b",{"a":[2,1]},"z",[[]],[""]]';
    expect(forcedJsonText(text, valueFolder(DEFAULT_FOLD))).toBe(twoStep(text, DEFAULT_FOLD));
  });

  it("folds only the scalars that are not strings (1e400 is Infinity)", () => {
    expect(forcedJsonText('{"a":[1e400,null,true,-0]}', valueFolder(DEFAULT_FOLD))).toBe(
      '{"a":["0","infinity","null","true"]}',
    );
  });

  it("keeps the last of duplicate keys and declines objects too large to check for them", () => {
    expect(forcedJsonText('{"b":1,"a":2,"b":3}', valueFolder(DEFAULT_FOLD))).toBe('{"a":"2","b":"3"}');
    const wide = `{${Array.from({ length: 65 }, (_, i) => `"k${i}":1`).join(",")}}`;
    expect(forcedJsonText(wide, valueFolder(DEFAULT_FOLD))).toBeUndefined();
  });
});
