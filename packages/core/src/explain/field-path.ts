import { type Fold, foldKey, foldOf } from "../predicates/fold.ts";
import { actualSide, type Selector } from "../predicates/normalize.ts";
import type { PredicateOperator } from "../schemas/operators.ts";
import type { Predicate } from "../schemas/predicate.ts";
import type { ExplainContext, FailureOperator, PredicateFailure } from "./types.ts";

/**
 * Where in a comparison predicate's expectation a failure is, and what the request has there. A path is
 * the expectation's keys as written, e.g. ["query", "q"]; the actual side is read through the core's own
 * request normalization (actualSide), with keys folded as the predicate folds them but values as sent,
 * so a near miss shows `/A` rather than the `/a` a case-insensitive predicate compared.
 */
export type FieldPath = readonly string[];

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The expectation reduced to the one branch at `path`: `nest(["query", "q"], "1")` is `{ query: { q: "1" } }`. */
export function nest(path: FieldPath, value: unknown): unknown {
  return path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value);
}

export function valueAt(root: unknown, path: FieldPath): unknown {
  let value = root;
  for (const key of path) value = isPlainObject(value) ? value[key] : undefined;
  return value;
}

/** The first branch, for a predicate that holds (under `not`): every field of it held. */
export function firstPath(expected: unknown, deep: boolean): FieldPath {
  const path: string[] = [];
  let node = expected;
  while (isPlainObject(node)) {
    const key = Object.keys(node)[0];
    if (key === undefined) break;
    path.push(key);
    if (!deep) break;
    node = node[key];
  }
  return path;
}

/**
 * The selector the actual side is read with. Values are not lower-cased here, so an xpath selector is
 * used as written; a jsonpath selector follows the keys' folding, as Mountebank lower-cases it with them.
 */
function selectorFor(predicate: Predicate, fold: Fold): Selector | undefined {
  if (predicate.jsonpath) {
    const selector = String(predicate.jsonpath.selector);
    return { kind: "jsonpath", selector: fold.keysLower ? selector.toLowerCase() : selector };
  }
  if (!predicate.xpath) return undefined;
  const { selector, ns } = predicate.xpath;
  return { kind: "xpath", selector: String(selector), ...(ns ? { ns } : {}) };
}

/** `matches` folds keys by caseSensitive alone (predicates/matches.ts); every other operator by foldOf. */
function actualFold(predicate: Predicate, operator: PredicateOperator, ctx: ExplainContext): Fold {
  const fold = foldOf(predicate, ctx.encoding);
  const keysLower = operator === "matches" ? !predicate.caseSensitive : fold.keysLower;
  return { ...fold, keysLower, valuesLower: false, except: undefined };
}

export function describeField(
  predicate: Predicate,
  operator: PredicateOperator,
  path: FieldPath,
  ctx: ExplainContext,
  failing: boolean,
): PredicateFailure {
  const fold = actualFold(predicate, operator, ctx);
  const selector = selectorFor(predicate, fold);
  const actual = actualAt(fold, selector, operator === "deepEquals", path, ctx);
  const written = predicate.jsonpath?.selector ?? predicate.xpath?.selector;
  const foundNothing = actual === undefined || (Array.isArray(actual) && actual.length === 0);
  const shown: FailureOperator = selector && failing && foundNothing ? selector.kind : operator;
  return {
    field: selector ? `${path.join(".")} ${String(written)}` : path.join("."),
    operator: shown,
    expected: valueAt(predicate[operator], path),
    actual: actual === undefined ? null : actual,
  };
}

function actualAt(
  fold: Fold,
  selector: Selector | undefined,
  forceStrings: boolean,
  path: FieldPath,
  ctx: ExplainContext,
): unknown {
  const [first, ...rest] = path;
  if (first === undefined) return undefined;
  const side = actualSide(fold, selector, forceStrings);
  let value = side.field(ctx.view, foldKey(fold, first));
  for (const key of rest) {
    // Mountebank reads a nested expectation out of a JSON text (tryJSON) before descending.
    if (typeof value === "string") value = side.parseJson(ctx.view, value);
    value = isPlainObject(value) ? value[foldKey(fold, key)] : undefined;
  }
  return value;
}
