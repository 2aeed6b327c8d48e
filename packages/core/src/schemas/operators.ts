// Runtime constants of the predicate model, kept free of zod: the matching path (predicates/, compiler/)
// imports them, and any value import from a zod schema module would pull zod into the edge Worker's bundle.

/**
 * Every operator key. A predicate's operator is its first own key, in the object's key order, that is one
 * of these (Mountebank's `predicates.evaluate`), so `{ matches, equals }` is a matches predicate.
 */
export const PREDICATE_OPERATORS = [
  "equals",
  "deepEquals",
  "contains",
  "startsWith",
  "endsWith",
  "matches",
  "exists",
  "not",
  "or",
  "and",
  "inject",
] as const;
export type PredicateOperator = (typeof PREDICATE_OPERATORS)[number];
