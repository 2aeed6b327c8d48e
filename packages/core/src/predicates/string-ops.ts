import type { Predicate } from "../schemas/predicate.ts";
import { standardComparison } from "./comparison.ts";
import type { Encoding } from "./fold.ts";
import type { CompiledPredicate } from "./types.ts";

/**
 * Mountebank tests these with `actual.indexOf(expected, ...)`, so:
 * - a string actual searches the expected value's string form;
 * - an array actual (an element of a nested array) searches for an element strictly equal to it;
 * - any other actual (a number, boolean or null from a JSON body) has no indexOf: Mountebank throws a
 *   TypeError and answers 500; here it is simply no match.
 */
function indexIn(actual: unknown, expected: unknown, from?: number): number {
  if (typeof actual === "string") return actual.indexOf(expected as string, from);
  if (Array.isArray(actual)) return actual.indexOf(expected, from);
  return -1;
}

/** The `length` Mountebank reads; undefined for non-strings, which makes the start index NaN (0). */
function lengthOf(value: unknown): number | undefined {
  return typeof value === "string" || Array.isArray(value) ? value.length : undefined;
}

export const containsTest = (expected: unknown, actual: unknown): boolean => indexIn(actual, expected) >= 0;

export const startsWithTest = (expected: unknown, actual: unknown): boolean =>
  indexIn(actual, expected) === 0;

/**
 * Searches from `actual.length - expected.length`. For a non-string expectation (a number, say) that is
 * NaN, so Mountebank's endsWith then behaves as contains; null crashes Mountebank and behaves so here.
 */
export const endsWithTest = (expected: unknown, actual: unknown): boolean => {
  const actualLength = lengthOf(actual);
  const expectedLength = lengthOf(expected);
  const from =
    actualLength === undefined || expectedLength === undefined ? Number.NaN : actualLength - expectedLength;
  return indexIn(actual, expected, from) >= 0;
};

export const compileContains = (predicate: Predicate, encoding: Encoding): CompiledPredicate =>
  standardComparison("contains", predicate, encoding, containsTest);

export const compileStartsWith = (predicate: Predicate, encoding: Encoding): CompiledPredicate =>
  standardComparison("startsWith", predicate, encoding, startsWithTest);

export const compileEndsWith = (predicate: Predicate, encoding: Encoding): CompiledPredicate =>
  standardComparison("endsWith", predicate, encoding, endsWithTest);
