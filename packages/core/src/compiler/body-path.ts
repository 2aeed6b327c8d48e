import { DEFAULT_FOLD } from "../predicates/fold.ts";
import { tryJsonFor } from "../predicates/try-json.ts";
import { type Constraint, eqConstraint } from "./constraints.ts";
import { isPlainObject, isScalar, safeBodyField } from "./leaf-safety.ts";
import type { RequestScan } from "./request-scan.ts";

/**
 * The `bodyPath` dimension (issue 12): `equals: { body: { user: { id: "u-7" } } }` with the default folds
 * keys each scalar leaf by its path of names. The request side walks the folded JSON body exactly as
 * Mountebank's `predicateSatisfied` reaches into it (predicates/satisfy.ts): a missing or falsy value on
 * the way fails the predicate (no key), a scalar has no fields (the leaf reads as ''), and it gives up
 * (does not judge) wherever the walk goes through an array, text that parses to `null` (Mountebank
 * throws there), or an object whose prototype a `__proto__` key replaced.
 */

/** How the analysis folds an expectation: its field names (last duplicate winning) and its scalar keys. */
export interface ExpectedFold {
  names(fields: Record<string, unknown>): Map<string, unknown>;
  key(value: string | number | boolean): string;
}

/**
 * Pushes onto `out` a constraint for every scalar leaf under the nested expectation at `path` (the names
 * from the body down, already folded), in the evaluator's order. Returns false at an array or null
 * expectation: there today's top-level analysis stops too (see objectFieldConstraints), so the caller
 * stops. A name that may not read as missing (`length`, `0`, `constructor`) leaves its subtree unkeyed.
 */
export function nestedBodyConstraints(
  path: readonly string[],
  expected: Record<string, unknown>,
  fold: ExpectedFold,
  out: Constraint[],
): boolean {
  const keyed = path.every(safeBodyField);
  for (const [name, value] of fold.names(expected)) {
    const inner = [...path, name];
    if (isPlainObject(value)) {
      if (!nestedBodyConstraints(inner, value, fold, out)) return false;
    } else if (!isScalar(value)) {
      return false;
    } else if (keyed && safeBodyField(name)) {
      out.push(eqConstraint({ kind: "bodyPath", path: inner }, [fold.key(value)]));
    }
  }
  return true;
}

/** The walk ended where the predicate is false whatever the leaf: the request has no key. */
export const NO_MATCH: unique symbol = Symbol("no match");
/** The walk met a shape the index does not model: the request cannot be judged. */
export const UNJUDGED: unique symbol = Symbol("unjudged");

/** The default fold's `tryJSON`, sharing its RequestView cache space with the predicates' own. */
const parseJson = tryJsonFor(DEFAULT_FOLD);

/**
 * The leaf value at `path` (two names or more) as the predicate compares it: undefined when missing
 * (compared as ''), an array (any element may equal), or a scalar; else NO_MATCH or UNJUDGED.
 */
export function readBodyPath(scan: RequestScan, path: readonly string[]): unknown {
  // The body field itself is the folded text, which `predicateSatisfied` opens like any nested string.
  let container = open(scan, scan.foldedBody());
  const last = path.length - 1;
  for (let i = 0; i < last; i++) {
    if (container === NO_MATCH || container === UNJUDGED) return container;
    const value = fieldOf(container, path[i]!);
    // fieldHolds: an array matches an object expectation by any element (not modelled); a missing
    // field is `undefined`, which `predicateSatisfied` rejects (no container array here to fall back on).
    if (Array.isArray(value)) return UNJUDGED;
    container = open(scan, value);
  }
  if (container === NO_MATCH || container === UNJUDGED) return container;
  return fieldOf(container, path[last]!);
}

/**
 * `predicateSatisfied` before it reads fields: a falsy actual (missing, '', 0, false, null) fails; a
 * string is JSON-parsed (the text itself when not JSON). A `null` result throws in Mountebank, and a
 * parsed array or a replaced prototype changes how fields read: not judged. Other scalars have no
 * fields, so every safe name reads as missing on them.
 */
function open(scan: RequestScan, actual: unknown): unknown {
  if (!actual) return NO_MATCH;
  const value = typeof actual === "string" ? parseJson(scan.view, actual) : actual;
  if (value === null) return UNJUDGED;
  if (typeof value !== "object") return value;
  if (Array.isArray(value) || Object.getPrototypeOf(value) !== Object.prototype) return UNJUDGED;
  return value;
}

/** A field of an opened value: own (or missing) on a plain object, missing on a scalar for safe names. */
const fieldOf = (container: unknown, name: string): unknown =>
  typeof container === "object" ? (container as Record<string, unknown>)[name] : undefined;
