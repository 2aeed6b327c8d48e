import { JSONPath } from "jsonpath-plus";

/**
 * Selects with a JSONPath expression, as Mountebank's `models/jsonpath.js` does.
 *
 * - `source` may be an already-parsed value (any non-null object or array is used as is) or JSON text;
 *   anything else is coerced to a string and JSON-parsed.
 * - Returns `undefined` when nothing matches, when the text is not JSON, when the parsed value is falsy
 *   (`null`, `0`, `false`, `""`), or when the expression is malformed or its filter script fails.
 * - Otherwise returns the array of every matched value, in document order, even for a single match
 *   (unwrapping one match into a scalar is the caller's rule: predicates do it, `copy` does not).
 *
 * Filter scripts (`?(@.price < 10)`) run in jsonpath-plus's safe evaluator, never `eval`, because
 * workerd forbids code generation at request time. Mountebank 2.9.1 (jsonpath-plus 7) evaluates them
 * natively, so a script outside the safe evaluator's JavaScript subset selects nothing here.
 */
export function selectJsonPath(selector: string, source: unknown): unknown[] | undefined {
  try {
    const json = isObject(source) ? source : JSON.parse(String(source));
    const result: unknown = JSONPath({ path: selector, json, eval: "safe", wrap: true });
    return Array.isArray(result) && result.length > 0 ? result : undefined;
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is object {
  return typeof value === "object" && value !== null;
}
