import { type Fold, foldKey, valueFolder } from "./fold.ts";
import { transformTree } from "./transform-tree.ts";
import type { RequestView } from "./types.ts";

/** Mountebank's `tryJSON` for one fold: the text parsed and folded (keys and values, no sorting), else the text. */
export type TryJson = (view: RequestView, text: string) => unknown;

/**
 * Which parsed trees the fold leaves exactly as JSON.parse built them, so the rebuild can be skipped:
 * `lower` folds keys and values to lower case, `same` folds nothing; any `except` pattern, or keys
 * folded without values, always rebuilds.
 */
export type Shortcut = "lower" | "same" | undefined;

export function shortcutOf(fold: Fold): Shortcut {
  if (fold.except !== undefined) return undefined;
  if (fold.keysLower && fold.valuesLower) return "lower";
  return !fold.keysLower && !fold.valuesLower ? "same" : undefined;
}

/**
 * Whether rebuilding the tree JSON.parse makes of `text` would give an identical tree. Without `\u`
 * escapes every key and string in the tree is a piece of the text with at most simple escapes (`\n`,
 * `\"`, ...) decoded, and those are the same in either case; so when the text does not change under
 * lower-casing, no piece does (lower-casing maps each code point on its own, except a capital sigma,
 * which always changes). A `__proto__` key differs: JSON.parse makes it an own property, while the
 * rebuild assigns it and so replaces the prototype, as in Mountebank; those texts take the slow path.
 */
export function parsesAsFolded(shortcut: "lower" | "same", text: string): boolean {
  if (text.includes("\\u") || text.includes("__proto__")) return false;
  return shortcut === "same" || text.toLowerCase() === text;
}

/** The RequestView cache space of `tryJSON` results for a fold (binary mode does not change them). */
const tryJsonSpace = (fold: Fold): string =>
  `try${JSON.stringify([fold.keysLower, fold.valuesLower, fold.except, fold.exceptFlags])}`;

/**
 * Builds `tryJSON` for a fold. Results are cached in the view per fold and text; the JSON parse itself
 * goes through the view's own cache, so predicates with different folds of one text parse it once.
 * Since the default fold reads text that was lower-cased already (Mountebank folds the body string
 * before trying it as JSON), the usual request takes the shortcut and pays for the parse alone.
 */
export function tryJsonFor(fold: Fold): TryJson {
  const space = tryJsonSpace(fold);
  const shortcut = shortcutOf(fold);
  const foldName = (name: string) => foldKey(fold, name);
  const foldValue = valueFolder({ ...fold, base64: false });
  return (view, text) => {
    const cache = view.texts(space);
    // Never undefined once cached: a parsed tree (null at worst) or the text itself.
    let value = cache.get(text);
    if (value !== undefined) return value;
    const parsed = view.parseJson(text);
    if (parsed === undefined) value = text;
    else if (shortcut !== undefined && parsesAsFolded(shortcut, text)) value = parsed;
    else value = transformTree(parsed, foldName, foldValue, false);
    cache.set(text, value);
    return value;
  };
}
