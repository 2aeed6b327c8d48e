import { lowerCase } from "../predicates/fold.ts";
import { checkUserRegex } from "../regex/index.ts";
import type { Predicate } from "../schemas/predicate.ts";

/** Lower-cases exactly as the evaluator does for case-insensitive predicates. */
export const foldCase: (text: string) => string = lowerCase;

export type ComparisonOperator =
  | "equals"
  | "deepEquals"
  | "contains"
  | "startsWith"
  | "endsWith"
  | "matches"
  | "exists";

/** How one comparison predicate transforms keys and values, as Mountebank's `normalize` decides it. */
export interface LeafParams {
  readonly caseSensitive: boolean;
  /** Field, header and query names are lower-cased on both sides. */
  readonly keyFold: boolean;
  /** String values are lower-cased on both sides (never for `matches`, which uses the `i` flag instead). */
  readonly valueFold: boolean;
  /** A non-empty `except` pattern: values are rewritten, so nothing is indexed. */
  readonly hasExcept: boolean;
  readonly jsonpath?: string;
  readonly xpath?: { readonly selector: string; readonly ns: Readonly<Record<string, string>> };
}

const isBooleanOrAbsent = (value: unknown): boolean => value === undefined || typeof value === "boolean";

/**
 * Reads a predicate's parameters, or returns undefined when one has a shape the analysis does not vouch
 * for (the predicate is then neither indexed nor trusted not to throw). Selectors are returned exactly
 * as Mountebank runs them: lower-cased unless case-sensitive.
 */
export function readLeafParams(p: Predicate, operator: ComparisonOperator): LeafParams | undefined {
  const { caseSensitive, keyCaseSensitive, except, jsonpath, xpath } = p;
  if (!isBooleanOrAbsent(caseSensitive) || !isBooleanOrAbsent(keyCaseSensitive)) return undefined;
  if (except !== undefined && (typeof except !== "string" || !compiles(except, caseSensitive ? "g" : "gi"))) {
    return undefined;
  }
  const cs = caseSensitive === true;
  // `matches` evaluates with caseSensitive forced on for values and keyCaseSensitive set to the user's
  // caseSensitive; elsewhere an absent keyCaseSensitive defaults to caseSensitive.
  const keyCs = operator === "matches" ? cs : (keyCaseSensitive ?? cs);
  const params = {
    caseSensitive: cs,
    keyFold: keyCs === false || (operator !== "matches" && !cs),
    valueFold: operator !== "matches" && !cs,
    hasExcept: typeof except === "string" && except !== "",
  };
  if (jsonpath !== undefined && xpath !== undefined) return undefined;
  if (jsonpath !== undefined) {
    if (typeof jsonpath !== "object" || jsonpath === null || typeof jsonpath.selector !== "string")
      return undefined;
    return { ...params, jsonpath: keyCs ? jsonpath.selector : foldCase(jsonpath.selector) };
  }
  if (xpath !== undefined) {
    const ns = readNamespaces(xpath);
    if (ns === undefined) return undefined;
    // Mountebank folds the XPath selector when the predicate it runs with is not case-sensitive, and
    // `matches` always runs case-sensitive for values.
    const exact = cs || operator === "matches";
    const selector = exact ? xpath.selector : foldCase(xpath.selector);
    const mapped = exact ? ns : Object.fromEntries(Object.entries(ns).map(([k, v]) => [k, foldCase(v)]));
    return { ...params, xpath: { selector, ns: mapped } };
  }
  return params;
}

function readNamespaces(xpath: NonNullable<Predicate["xpath"]>): Record<string, string> | undefined {
  if (typeof xpath !== "object" || xpath === null || typeof xpath.selector !== "string") return undefined;
  const ns: unknown = xpath.ns ?? {};
  if (typeof ns !== "object" || ns === null || Array.isArray(ns)) return undefined;
  const entries = Object.entries(ns);
  return entries.every(([, v]) => typeof v === "string") ? (ns as Record<string, string>) : undefined;
}

/** Whether a pattern runs here: valid JavaScript and accepted by src/regex (which memoizes the answer). */
export function compiles(pattern: string, flags: string): boolean {
  try {
    checkUserRegex(pattern, flags);
    return true;
  } catch {
    return false;
  }
}
