import { JSONPath } from "jsonpath-plus";
import { parseJsonBody } from "./depth.ts";
import { LinearScript } from "./jsonpath-script.ts";

/**
 * Selects with a JSONPath expression, as Mountebank's `models/jsonpath.js` does.
 *
 * - `source` may be an already-parsed value (any non-null object or array is used as is) or JSON text;
 *   anything else is coerced to a string and JSON-parsed (nesting past MAX_BODY_DEPTH is not JSON).
 * - Returns `undefined` when nothing matches, when the text is not JSON, when the parsed value is falsy
 *   (`null`, `0`, `false`, `""`), or when the expression is malformed or its filter script fails.
 * - Otherwise returns the array of every matched value, in document order, even for a single match
 *   (unwrapping one match into a scalar is the caller's rule: predicates do it, `copy` does not).
 *
 * Filter scripts (`?(@.price < 10)`) run in jsonpath-plus's safe evaluator, never `eval`, because
 * workerd forbids code generation at request time. Mountebank 2.9.1 (jsonpath-plus 7) evaluates them
 * natively, so a script outside the safe evaluator's JavaScript subset selects nothing here, and so
 * does one whose regular expression is not provably linear (jsonpath-script.ts, issue 15).
 */
export function selectJsonPath(selector: string, source: unknown): unknown[] | undefined {
  return compileJsonPath(selector)(source);
}

/** A JSONPath expression ready to run against many sources; same results as `selectJsonPath`. */
export type CompiledJsonPath = (source: unknown) => unknown[] | undefined;

/**
 * Compiles a selector once. A chain of plain names (`$.order.id`, `$.items[0]`, `a.b`) is followed
 * directly, without jsonpath-plus's general machinery, which costs more than the walk itself on every
 * request; any other expression runs through jsonpath-plus.
 */
export function compileJsonPath(selector: string): CompiledJsonPath {
  const names = plainNames(selector);
  return (source) => {
    try {
      const json = isObject(source) ? source : parseJsonBody(String(source));
      if (json === undefined) return undefined;
      if (names !== undefined) return follow(names, json);
      const result: unknown = JSONPath({ path: selector, json, eval: LinearScript, wrap: true });
      return Array.isArray(result) && result.length > 0 ? result : undefined;
    } catch {
      return undefined;
    }
  };
}

/** A step jsonpath-plus only ever reads as a property name: no wildcard, slice, filter, union, `$`… */
const PLAIN_NAME = /^[\w-]+$/u;

/**
 * The property names of a selector that jsonpath-plus resolves as a plain chain, else undefined. Its
 * own tokenizer decides; a leading `$` (the root) is dropped, as jsonpath-plus drops it.
 */
export function plainNames(selector: string): readonly string[] | undefined {
  let steps: string[];
  try {
    steps = JSONPath.toPathArray(selector);
  } catch {
    return undefined;
  }
  if (steps[0] === "$" && steps.length > 1) steps = steps.slice(1);
  return steps.length > 0 && steps.every((step) => PLAIN_NAME.test(step)) ? steps : undefined;
}

/**
 * jsonpath-plus's walk for plain names: each step needs a truthy value owning the property (strings
 * own their indices and `length`); a missing step selects nothing, and a falsy document nothing at all.
 */
function follow(names: readonly string[], json: unknown): unknown[] | undefined {
  let value = json;
  for (const name of names) {
    if (!value || !Object.hasOwn(value as object, name)) return undefined;
    value = (value as Record<string, unknown>)[name];
  }
  return [value];
}

function isObject(value: unknown): value is object {
  return typeof value === "object" && value !== null;
}
