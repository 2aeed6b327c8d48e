import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonText, sameTree } from "../../test/predicates/json-text.ts";
import { DEFAULT_FOLD, type Fold, foldKey, foldOf, forceStrings, valueFolder } from "./fold.ts";
import { transformForced, transformTree } from "./transform-tree.ts";

describe("transformForced", () => {
  it.each<[string, Fold]>([
    ["default", DEFAULT_FOLD],
    ["caseSensitive", foldOf({ caseSensitive: true })],
    ["except", foldOf({ except: "[0-9]" })],
  ])("is forceStrings then transformTree in one pass (%s fold)", (_name, fold) => {
    const key = (name: string) => foldKey(fold, name);
    const leaf = valueFolder(fold);
    fc.assert(
      fc.property(jsonText, (text) => {
        let value: unknown;
        try {
          value = JSON.parse(text); // some texts are JSON only once lower-cased
        } catch {
          return;
        }
        const expected = transformTree(forceStrings(value), key, leaf, true);
        expect(sameTree(transformForced(value, key, leaf), expected)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });
});
