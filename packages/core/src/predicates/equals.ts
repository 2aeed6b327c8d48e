import type { Predicate } from "../schemas/predicate.ts";
import { standardComparison } from "./comparison.ts";
import { comparable, type Encoding } from "./fold.ts";
import type { CompiledPredicate } from "./types.ts";

/** `equals` on scalars: both sides through `comparable`, so 1 equals "1" and true equals "true". */
export function equalsTest(expected: unknown, actual: unknown): boolean {
  return comparable(expected) === comparable(actual);
}

export function compileEquals(predicate: Predicate, encoding: Encoding): CompiledPredicate {
  return standardComparison("equals", predicate, encoding, equalsTest);
}
