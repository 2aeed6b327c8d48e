import { type Fold, foldKey, forceStrings, valueFolder } from "./fold.ts";
import { forcedJsonText } from "./forced-text.ts";
import { type ActualSide, actualSide, normalizeExpected, type Selector } from "./normalize.ts";
import { stableStringify } from "./ordering.ts";
import { transformForced } from "./transform-tree.ts";
import { parsesAsFolded, shortcutOf } from "./try-json.ts";
import type { RequestView } from "./types.ts";

const isObject = (value: unknown): value is object => typeof value === "object" && value !== null;

/** One top-level field of a `deepEquals` expectation, as the predicate compares it. */
export interface ExpectedDeepField {
  readonly name: string;
  /** An object or array expectation lets a JSON string actual be parsed and folded first. */
  readonly structured: boolean;
  readonly text: string | undefined;
}

/**
 * The expected side of `deepEquals`: `forceStrings`, the fold (arrays sorted), then each top-level field
 * as stable JSON text. The route index keys stubs by the same text (see `deepTexts`).
 */
export function expectedDeepFields(deepEquals: unknown, fold: Fold): ExpectedDeepField[] {
  const expected = Object(normalizeExpected(forceStrings(deepEquals), fold)) as Record<string, unknown>;
  return Object.keys(expected).map((name) => ({
    name,
    structured: isObject(expected[name]),
    text: stableStringify(expected[name]),
  }));
}

/** The request side of `deepEquals` for one fold and selector: each field's text, cached per request. */
export interface DeepTexts {
  readonly side: ActualSide;
  /**
   * The stable text the predicate compares with an expected field's `text`: the two are equal exactly
   * when the field matches. `structured` is the expected field's flag (see ExpectedDeepField).
   */
  fieldText(view: RequestView, name: string, structured: boolean): string | undefined;
}

/**
 * Builds the request side. The caches live in the RequestView under the side's id, so a predicate and
 * the route index built for the same fold share every entry: whichever asks first pays.
 */
export function deepTexts(fold: Fold, selector: Selector | undefined): DeepTexts {
  const side = actualSide(fold, selector, true);
  const foldName = (name: string) => foldKey(fold, name);
  const foldValue = valueFolder(fold);
  const textSpace = `${side.id}#text`;
  const jsonSpace = `${side.id}#json`;
  // Binary mode base64-decodes every string here, but not in tryJSON.
  const shortcut = fold.base64 ? undefined : shortcutOf(fold);

  // The JSON re-parse folds a second time (as Mountebank does), with the expected side's rules.
  const jsonText = (view: RequestView, text: string): string | undefined => {
    const cache = view.texts(jsonSpace);
    if (cache.has(text)) return cache.get(text) as string | undefined;
    // Where tryJSON would keep JSON.parse's tree, the text is read directly (see forcedJsonText).
    let value =
      shortcut !== undefined && parsesAsFolded(shortcut, text) ? forcedJsonText(text, foldValue) : undefined;
    value ??= stableStringify(transformForced(side.parseJson(view, text), foldName, foldValue));
    cache.set(text, value);
    return value;
  };
  const plainText = (view: RequestView, name: string, actual: unknown): string | undefined => {
    const cache = view.cache(textSpace);
    if (cache.has(name)) return cache.get(name) as string | undefined;
    const value = stableStringify(actual);
    cache.set(name, value);
    return value;
  };

  return {
    side,
    fieldText(view, name, structured) {
      const actual = side.field(view, name);
      return structured && typeof actual === "string"
        ? jsonText(view, actual)
        : plainText(view, name, actual);
    },
  };
}
