import type { RequestView } from "./types.ts";

/**
 * Mountebank's `predicateSatisfied` / `testPredicate`: how an expected object is matched against an
 * actual value, field by field, through JSON text and arrays. Works on already-folded values.
 * Written with plain loops and no per-call closures: this runs for every stub on every request.
 */
export interface Satisfaction {
  /** The operator's scalar test, e.g. equality of `comparable` values. */
  test(expected: unknown, actual: unknown): boolean;
  /** Parses and folds a JSON string actual (`tryJSON`); returns the text itself when it is not JSON. */
  parseJson(view: RequestView, text: string): unknown;
  /** The predicate has an `exists` key: then any truthy expectation holds against an actual array. */
  existsKey: boolean;
}

const isObject = (value: unknown): value is object => typeof value === "object" && value !== null;

/**
 * One field of an expectation against its actual value. `container` is the value the field was read
 * from when that value is an array (for the left-off array syntax), else undefined.
 */
export function fieldHolds(
  expected: Record<string, unknown>,
  name: string,
  actual: unknown,
  container: readonly unknown[] | undefined,
  view: RequestView,
  rules: Satisfaction,
): boolean {
  const wanted = expected[name];
  if (Array.isArray(actual)) {
    // An expected array needs each of its values somewhere in the actual array; a scalar needs one.
    if (Array.isArray(wanted)) {
      for (const item of wanted) if (!anyHolds(item, actual, view, rules)) return false;
      return true;
    }
    if (rules.existsKey && wanted) return true;
    return anyHolds(wanted, actual, view, rules);
  }
  if (!Array.isArray(wanted) && actual === undefined && container !== undefined) {
    // `{ key: "x" }` against an array of objects: any element may satisfy the whole expectation.
    return anyHolds(expected, container, view, rules);
  }
  return isObject(wanted) ? satisfied(wanted, actual, view, rules) : holds(wanted, actual, view, rules);
}

function anyHolds(
  expected: unknown,
  actuals: readonly unknown[],
  view: RequestView,
  rules: Satisfaction,
): boolean {
  for (const actual of actuals) if (holds(expected, actual, view, rules)) return true;
  return false;
}

/** `testPredicate`: a missing actual is `''`; an object expectation recurses. */
export function holds(expected: unknown, actual: unknown, view: RequestView, rules: Satisfaction): boolean {
  const value = actual === undefined ? "" : actual;
  return isObject(expected) ? satisfied(expected, value, view, rules) : rules.test(expected, value);
}

/** `predicateSatisfied` for a nested expectation: a falsy actual fails, a string actual is JSON-parsed. */
export function satisfied(
  expected: object,
  actual: unknown,
  view: RequestView,
  rules: Satisfaction,
): boolean {
  if (!actual) return false;
  const value = typeof actual === "string" ? rules.parseJson(view, actual) : actual;
  // Mountebank throws a TypeError reading a field of null (a JSON body "null"); that is no match here.
  if (value === null || value === undefined) return Object.keys(expected).length === 0;
  const fields = value as Record<string, unknown>;
  const container = Array.isArray(value) ? value : undefined;
  const wanted = expected as Record<string, unknown>;
  for (const name of Object.keys(expected)) {
    if (!fieldHolds(wanted, name, fields[name], container, view, rules)) return false;
  }
  return true;
}
