import { addBodyFields, type FieldTree } from "./body-fields.ts";
import { isPlainObject } from "./plain-object.ts";

/**
 * What an imposter's stubs read of a request, for the route memo (route-memo.ts): whether their predicates
 * read only what its key holds (the request line, named headers, the body), and which headers and whether
 * the body then belong in the key.
 */

/** What the stubs' predicates read beyond the request line, gathered while checking them. */
export interface KeyedReads {
  headers: Set<string>;
  body: boolean;
  /** The JSON body's fields they read (body-fields.ts), or null once one reads the body whole. */
  fields: FieldTree | null;
}

const FIELDS_FROM_REQUEST_LINE = new Set(["method", "path", "query"]);
export const UNKEYABLE_HEADER = "set-cookie";
/** RFC 9110's token: `headers.get` throws on any other name (such a name is in no request anyway). */
export const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const FIELD_OPERATORS = ["equals", "deepEquals", "contains", "startsWith", "endsWith", "matches", "exists"];
/**
 * Operators whose `headers` object reads only the names it lists. deepEquals compares every header the
 * request has, so it reads them all. Set-Cookie is never a key: the core sees each of its lines apart,
 * `headers.get` only their join.
 */
const NAMED_HEADER_OPERATORS = new Set(FIELD_OPERATORS.filter((operator) => operator !== "deepEquals"));
const OPTIONS = ["caseSensitive", "keyCaseSensitive", "except", "jsonpath", "xpath"];
const KNOWN_KEYS = new Set([...FIELD_OPERATORS, ...OPTIONS, "not", "or", "and"]);

/**
 * Whether a predicate reads nothing but fields of the request line, named headers and the body, adding
 * those names (lower-cased) to `reads.headers` and noting a read body. Conservative: `inject`, an unknown
 * key or an odd shape answers false, and then the imposter is simply never memoized.
 */
export function readsKeyedFieldsOnly(predicate: unknown, reads: KeyedReads): boolean {
  if (!isPlainObject(predicate)) return false;
  for (const [key, value] of Object.entries(predicate)) {
    if (!KNOWN_KEYS.has(key)) return false;
    if (FIELD_OPERATORS.includes(key)) {
      if (!isPlainObject(value)) return false;
      for (const [field, expected] of Object.entries(value)) {
        if (FIELDS_FROM_REQUEST_LINE.has(field)) continue;
        if (field === "body") {
          reads.body = true;
          if (reads.fields !== null && !addBodyFields(reads.fields, key, predicate, expected))
            reads.fields = null;
          continue;
        }
        if (field !== "headers" || !NAMED_HEADER_OPERATORS.has(key) || !isPlainObject(expected)) return false;
        for (const name of Object.keys(expected)) {
          if (!HEADER_NAME.test(name) || name.toLowerCase() === UNKEYABLE_HEADER) return false;
          reads.headers.add(name.toLowerCase());
        }
      }
    } else if (key === "not") {
      if (!readsKeyedFieldsOnly(value, reads)) return false;
    } else if (key === "or" || key === "and") {
      if (!Array.isArray(value) || !value.every((one) => readsKeyedFieldsOnly(one, reads))) return false;
    }
  }
  return true;
}
