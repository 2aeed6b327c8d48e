import { deepTexts, expectedDeepFields } from "../predicates/deep-text.ts";
import { DEFAULT_FOLD } from "../predicates/fold.ts";
import type { RequestView } from "../predicates/types.ts";

/**
 * The keys of the `bodyShape` dimension: `deepEquals` on a structured (object or array) body with the
 * default fold. Both sides are the very texts the predicate compares, so a stub's key equals the
 * request's exactly when the predicate's body field matches: the index needs no model of its own, and
 * the candidate that survives finds the request's text already in the RequestView cache.
 */
const DEEP_BODY = deepTexts(DEFAULT_FOLD, undefined);

/**
 * The stub's key for an expected body, or undefined when it is not structured (scalars index as `body`).
 * The predicate compares a JSON copy of its expectation (see compilePredicate), so the key is taken from
 * one too: an `Infinity` or `undefined` inside a stub built in code reads as null there.
 */
export function expectedBodyKey(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const copy: unknown = JSON.parse(JSON.stringify(value));
  const [field] = expectedDeepFields({ body: copy }, DEFAULT_FOLD);
  return field?.structured ? field.text : undefined;
}

/** The request's key: what a default-folding deepEquals compares with an object or array body. */
export const requestBodyKey = (view: RequestView): string | undefined =>
  DEEP_BODY.fieldText(view, "body", true);
