import { badData, MbFailure } from "../errors.ts";
import { compileLiteXPath } from "../readers/xpath-lite.ts";
import { compileXPath, parseXml } from "../select/xpath.ts";
import { type Fold, foldKey, valueFolder } from "./fold.ts";
import { type Selector, selectorLeaf } from "./selection.ts";
import { transformForced, transformTree } from "./transform-tree.ts";
import { tryJsonFor } from "./try-json.ts";
import type { RequestView } from "./types.ts";

export type { Selector } from "./selection.ts";
export { transformTree } from "./transform-tree.ts";

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

/**
 * Sides kept for sharing, by id. A side is a pure function of its id (its state is the folded names of
 * the last field list it saw), so every predicate with the same options can hold the same one: an imposter's
 * thousands of predicates then hold a handful of sides instead of a side, its closures and its id each,
 * which every full collection of the isolate walks (infra/bench/BODY-PROFILE.md, section 47). Bounded,
 * since an id holds user text (an `except` pattern, a selector): past the bound a side is made per predicate.
 */
const SIDES_KEPT = 256;
const sides = new Map<string, ActualSide>();

export function actualSide(
  fold: Fold,
  selector: Selector | undefined,
  shouldForceStrings: boolean,
): ActualSide {
  const id = JSON.stringify([fold, selector ?? null, shouldForceStrings]);
  const kept = sides.get(id);
  if (kept !== undefined) return kept;
  const side = newSide(id, fold, selector, shouldForceStrings);
  if (sides.size < SIDES_KEPT) sides.set(id, side);
  return side;
}

function newSide(
  id: string,
  fold: Fold,
  selector: Selector | undefined,
  shouldForceStrings: boolean,
): ActualSide {
  const foldName = (name: string) => foldKey(fold, name);
  const foldValue = valueFolder(fold);
  const parseJson = tryJsonFor(fold);
  const select = selectorLeaf(selector, fold, shouldForceStrings, parseJson);
  // A plain path (readers/xpath-lite.ts) throws on no text, so selecting from every field up front would
  // raise nothing: only the fields the predicate reads are selected from (issue 12: with one selector
  // per stub, selecting from every header of the request for every stub was most of the match).
  const selectsEverything =
    selector?.kind === "xpath" &&
    (fold.base64 || compileLiteXPath(selector.selector, selector.ns) === undefined);

  // Requests all have the same field names, so their folded forms are kept for the last list seen.
  let names: readonly string[] = [];
  let folded: readonly string[] = [];

  function compute(view: RequestView, name: string): unknown {
    const request = view.request as unknown as Record<string, unknown>;
    const keys = view.fieldNames();
    if (keys !== names && !sameNames(keys, names)) {
      names = keys;
      folded = keys.map(foldName);
    }
    let source: string | undefined;
    // Last wins when two field names fold alike, as when Mountebank rebuilds the object.
    for (let i = 0; i < keys.length; i++) if (folded[i] === name) source = keys[i];
    if (source === undefined) return undefined;
    const leaf = select ? (text: string) => select(view, foldValue(text)) : foldValue;
    const raw = request[source];
    return shouldForceStrings
      ? transformForced(raw, foldName, leaf)
      : transformTree(raw, foldName, leaf, true);
  }

  // Cached by folded name: computed once per request and set of options, then one lookup per predicate.
  function field(view: RequestView, name: string): unknown {
    const cache = view.cache(id);
    if (cache.has(name)) return cache.get(name);
    const value = compute(view, name);
    cache.set(name, value);
    return value;
  }

  function prepare(view: RequestView): void {
    if (!selectsEverything) return;
    for (const key of Object.keys(view.request)) field(view, foldName(key));
  }
  return { id, field, parseJson, prepare };
}

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
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
