import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bodyText, jsonText, sameTree } from "../../test/predicates/json-text.ts";
import { createRequestView } from "../request/view.ts";
import type { MbRequest } from "../schemas/request.ts";
import { DEFAULT_FOLD, type Fold, foldKey, foldOf, valueFolder } from "./fold.ts";
import { transformTree } from "./transform-tree.ts";
import { parsesAsFolded, tryJsonFor } from "./try-json.ts";

const request: MbRequest = {
  requestFrom: "",
  method: "POST",
  path: "/",
  query: {},
  headers: {},
  body: "",
  ip: "",
};

/** Mountebank's `tryJSON` as written: parse, then rebuild with every key and string folded. */
function rebuilt(fold: Fold, text: string): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  const foldValue = valueFolder({ ...fold, base64: false });
  return transformTree(parsed, (name) => foldKey(fold, name), foldValue, false);
}

const FOLDS: Array<[string, Fold]> = [
  ["default", DEFAULT_FOLD],
  ["caseSensitive", foldOf({ caseSensitive: true })],
  ["keys only", foldOf({ caseSensitive: true, keyCaseSensitive: false })],
  ["except", foldOf({ except: "o" })],
  ["binary mode", foldOf({}, "base64")],
];

describe("tryJsonFor", () => {
  it.each(FOLDS)("gives the rebuilt tree with the %s fold", (_name, fold) => {
    const tryJson = tryJsonFor(fold);
    fc.assert(
      fc.property(bodyText, (text) => {
        const view = createRequestView(request);
        expect(sameTree(tryJson(view, text), rebuilt(fold, text))).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it("skips the rebuild for most lower-cased JSON, which the default fold hands it", () => {
    let taken = 0;
    fc.assert(
      fc.property(jsonText, (text) => {
        const lower = text.toLowerCase();
        const view = createRequestView(request);
        const parsed = view.parseJson(lower);
        if (parsed !== undefined && parsesAsFolded("lower", lower)) {
          taken++;
          expect(tryJsonFor(DEFAULT_FOLD)(view, lower)).toBe(parsed);
        }
      }),
      { numRuns: 1000 },
    );
    expect(taken).toBeGreaterThan(300);
  });

  it.each<[string, string, boolean]>([
    ["plain lower-case JSON", '{"a":["x",1]}', true],
    ["a capital letter", '{"a":"X"}', false],
    ["a \\u escape, which may encode a capital", '{"a":"\\u0041"}', false],
    ["a __proto__ key, which the rebuild turns into a prototype", '{"__proto__":{"a":1}}', false],
    ["a capital sigma", '"ΑΣ"', false],
    ["simple escapes", '{"a":"\\n\\"\\/"}', true],
  ])("%s: shortcut %s", (_name, text, shortcut) => {
    expect(parsesAsFolded("lower", text)).toBe(shortcut);
  });

  it("keeps Mountebank's prototype for a __proto__ key", () => {
    const tree = tryJsonFor(DEFAULT_FOLD)(createRequestView(request), '{"__proto__":{"a":"1"}}');
    expect(Object.keys(tree as object)).toEqual([]);
    expect((tree as Record<string, unknown>).a).toBe("1");
  });
});
