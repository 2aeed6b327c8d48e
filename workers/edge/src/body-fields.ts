import { plainNames } from "@mockctl/core";
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
 * whole: a text expectation, deepEquals (every field of the body counts), an xpath selector, a jsonpath
 * selector other than a chain of plain names (`$..id` finds a name anywhere), or `except` (its pattern is
 * taken out of the text before the text is parsed, which can change which fields there are).
 */
export function addBodyFields(
  tree: FieldTree,
  operator: string,
  predicate: Record<string, unknown>,
  expected: unknown,
): boolean {
  if ("except" in predicate || "xpath" in predicate) return false;
  if ("jsonpath" in predicate) return addSelectedField(tree, predicate.jsonpath);
  if (!FIELD_BY_FIELD.has(operator) || !isPlainObject(expected)) return false;
  addFields(tree, expected);
  return true;
}

/**
 * A plain chain (`$.user.id`) selects what the body holds at that path and nothing else, whatever the
 * operator, or the `copy` behavior, then does with it (core's select/jsonpath.ts follows each name as an
 * own property of the value before), so the value at its end is read whole. `jsonpath` is a predicate's
 * option or a copy's `using`: either holds the chain as its `selector`. False for any other selector.
 */
export function addSelectedField(tree: FieldTree, jsonpath: unknown): boolean {
  const selector = isPlainObject(jsonpath) ? jsonpath.selector : undefined;
  const names = typeof selector === "string" ? plainNames(selector) : undefined;
  if (names === undefined) return false;
  let inner = tree;
  for (const name of names.slice(0, -1)) {
    const key = name.toLowerCase();
    const known = inner.get(key);
    if (known === true) return true;
    const next: FieldTree = known ?? new Map();
    inner.set(key, next);
    inner = next;
  }
  inner.set((names[names.length - 1] as string).toLowerCase(), true);
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
