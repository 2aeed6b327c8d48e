import type { Predicate } from "../schemas/predicate.ts";
import { standardComparison } from "./comparison.ts";
import type { Encoding } from "./fold.ts";
import type { CompiledPredicate } from "./types.ts";

/**
 * A truthy expectation (true, or any non-empty string, even "false") needs a field that is not `''`;
 * a falsy one needs it to be `''`. A missing field arrives here as `''`. Against an array the truthy
 * case always holds (see satisfy.ts), and the falsy case needs an empty element.
 */
export function existsTest(expected: unknown, actual: unknown): boolean {
  return expected ? actual !== undefined && actual !== "" : actual === undefined || actual === "";
}

export function compileExists(predicate: Predicate, encoding: Encoding): CompiledPredicate {
  return standardComparison("exists", predicate, encoding, existsTest);
}
