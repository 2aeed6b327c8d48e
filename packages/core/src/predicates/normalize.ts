import { badData, MbFailure } from "../errors.ts";
import { compileXPath, parseXml } from "../select/xpath.ts";
import { type Fold, foldKey, forceStrings, valueFolder } from "./fold.ts";
import { sortForComparison } from "./ordering.ts";
import { type Selector, selectorLeaf } from "./selection.ts";
import type { RequestView } from "./types.ts";

export type { Selector } from "./selection.ts";

const isObject = (value: unknown): value is object => typeof value === "object" && value !== null;

/**
 * Mountebank's `transformAll`: rebuilds arrays and objects, folding keys with `key` and string leaves
 * with `leaf`; other scalars pass through. With `sortArrays`, every rebuilt array is put in
 * `compareForSort` order (both sides are sorted, so only deepEquals can tell).
 */
export function transformTree(
  value: unknown,
  key: (name: string) => string,
  leaf: (text: string) => unknown,
  sortArrays: boolean,
): unknown {
  if (Array.isArray(value)) {
    const items = value.map((item) => transformTree(item, key, leaf, sortArrays));
    return sortArrays ? sortForComparison(items) : items;
  }
  if (isObject(value)) {
    const result: Record<string, unknown> = {};
    for (const name of Object.keys(value)) {
      result[key(name)] = transformTree((value as Record<string, unknown>)[name], key, leaf, sortArrays);
    }
    return result;
  }
  return typeof value === "string" ? leaf(value) : value;
}

/** Folds a predicate's expected side (no selection), as `normalize(predicate[operator], ...)`. */
export function normalizeExpected(expected: unknown, fold: Fold): unknown {
  return transformTree(expected, (name) => foldKey(fold, name), valueFolder(fold), true);
}

/**
 * The request side of one predicate: each top-level field folded (and, with a selector, every string in
 * it replaced by its selection), computed lazily and cached in the RequestView under `id`, so predicates
 * with the same options share the work.
 */
export interface ActualSide {
  readonly id: string;
  /** The folded request field whose folded name is `name`, or undefined. */
  field(view: RequestView, name: string): unknown;
  /** Mountebank's `tryJSON`: the text parsed and folded (keys and values, no sorting), else the text. */
  parseJson(view: RequestView, text: string): unknown;
  /**
   * Normalizes every field now. Mountebank runs an xpath selector on every string of the request before
   * comparing, and some xpath errors (an unbound prefix) depend on the text it runs on, so with an xpath
   * selector this is called first to raise exactly the errors Mountebank raises.
   */
  prepare(view: RequestView): void;
}

export function actualSide(
  fold: Fold,
  selector: Selector | undefined,
  shouldForceStrings: boolean,
): ActualSide {
  const id = JSON.stringify([fold, selector ?? null, shouldForceStrings]);
  const foldName = (name: string) => foldKey(fold, name);
  const foldValue = valueFolder(fold);
  const tryFold = valueFolder({ ...fold, base64: false });
  const tryId = `try${JSON.stringify([fold.keysLower, fold.valuesLower, fold.except, fold.exceptFlags])}`;
  const parseJson = (view: RequestView, text: string): unknown => {
    const cache = view.cache(tryId);
    if (cache.has(text)) return cache.get(text);
    const parsed = view.parseJson(text);
    const value = parsed === undefined ? text : transformTree(parsed, foldName, tryFold, false);
    cache.set(text, value);
    return value;
  };
  const select = selectorLeaf(selector, fold, shouldForceStrings, parseJson);

  function compute(view: RequestView, name: string): unknown {
    const request = view.request as unknown as Record<string, unknown>;
    let source: string | undefined;
    // Last wins when two field names fold alike, as when Mountebank rebuilds the object.
    for (const key of Object.keys(request)) if (foldName(key) === name) source = key;
    if (source === undefined) return undefined;
    const leaf = select ? (text: string) => select(view, foldValue(text)) : foldValue;
    const raw = request[source];
    return transformTree(shouldForceStrings ? forceStrings(raw) : raw, foldName, leaf, true);
  }

  // Cached by folded name: one lookup per field and predicate; the key scan runs once per request.
  function field(view: RequestView, name: string): unknown {
    const cache = view.cache(id);
    if (cache.has(name)) return cache.get(name);
    const value = compute(view, name);
    cache.set(name, value);
    return value;
  }

  function prepare(view: RequestView): void {
    if (selector?.kind !== "xpath") return;
    for (const key of Object.keys(view.request)) field(view, foldName(key));
  }
  return { id, field, parseJson, prepare };
}

/**
 * Errors Mountebank raises on every request, whatever it contains (its request always holds strings, so
 * every transform runs): an invalid except pattern, a selector in binary mode, a malformed xpath. The
 * lazy field normalization above may skip them, so compile checks them up front.
 */
export function alwaysFailing(fold: Fold, selector: Selector | undefined): MbFailure | undefined {
  try {
    valueFolder(fold)("x");
    if (selector && fold.base64) {
      return new MbFailure(badData(`the ${selector.kind} predicate parameter is not allowed in binary mode`));
    }
    if (selector?.kind === "xpath") compileXPath(selector.selector, selector.ns)(parseXml("x"));
    return undefined;
  } catch (error) {
    return error instanceof MbFailure ? error : undefined;
  }
}
