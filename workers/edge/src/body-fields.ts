import { isPlainObject } from "./plain-object.ts";

/**
 * The fields of a JSON body that an imposter's predicates read: each name lower-cased, to what is read
 * inside it, or `true` when it is read whole. The route memo keys a body by these fields alone
 * (body-projection.ts), so requests that differ only in fields no stub reads (a timestamp, a request id,
 * a name) share one remembered answer.
 */
export type FieldTree = Map<string, FieldTree | true>;

/** A FieldTree as the memo walks it on every request: arrays, in one order; null where a field is read whole. */
export interface ReadFields {
  readonly names: readonly string[];
  readonly inner: readonly (ReadFields | null)[];
}

export function readFieldsOf(tree: FieldTree): ReadFields {
  const entries = [...tree];
  return {
    names: entries.map(([name]) => name),
    inner: entries.map(([, inner]) => (inner === true ? null : readFieldsOf(inner))),
  };
}

/** Operators that match an object expectation field by field (predicates/satisfy.ts), reading no other field. */
const FIELD_BY_FIELD = new Set(["equals", "contains", "startsWith", "endsWith", "matches", "exists"]);

/**
 * The fields one predicate's `body` expectation reads, added to `tree`; false when it reads the body
 * whole: a text expectation, deepEquals (every field of the body counts), a jsonpath or xpath selector
 * (reads what the selector finds, anywhere), or `except` (its pattern is taken out of the text before
 * the text is parsed, which can change which fields there are).
 */
export function addBodyFields(
  tree: FieldTree,
  operator: string,
  predicate: Record<string, unknown>,
  expected: unknown,
): boolean {
  if (!FIELD_BY_FIELD.has(operator) || !isPlainObject(expected)) return false;
  if ("except" in predicate || "jsonpath" in predicate || "xpath" in predicate) return false;
  addFields(tree, expected);
  return true;
}

function addFields(tree: FieldTree, expected: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(expected)) {
    const key = name.toLowerCase();
    const known = tree.get(key);
    if (known === true) continue;
    // Only a non-empty object is matched field by field; anything else reads the whole value it meets
    // (a scalar's comparison, an array's elements, an empty object's truthiness).
    if (!isPlainObject(value) || Object.keys(value).length === 0) {
      tree.set(key, true);
      continue;
    }
    const inner: FieldTree = known ?? new Map();
    tree.set(key, inner);
    addFields(inner, value);
  }
}
