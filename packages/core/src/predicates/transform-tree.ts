import { comparable } from "./fold.ts";
import { sortForComparison } from "./ordering.ts";

const isObject = (value: unknown): value is object => typeof value === "object" && value !== null;

/**
 * Mountebank's `transformAll`: rebuilds arrays and objects, folding keys with `key` and string leaves
 * with `leaf`; other scalars pass through. With `sortArrays`, every rebuilt array is put in
 * `compareForSort` order (both sides are sorted, so only deepEquals can tell).
 */
export function transformTree(
  value: unknown,
  key: (name: string) => string,
  leaf: (text: string) => unknown,
  sortArrays: boolean,
): unknown {
  if (Array.isArray(value)) {
    const items = value.map((item) => transformTree(item, key, leaf, sortArrays));
    return sortArrays ? sortForComparison(items) : items;
  }
  if (isObject(value)) {
    const result: Record<string, unknown> = {};
    for (const name of Object.keys(value)) {
      result[key(name)] = transformTree((value as Record<string, unknown>)[name], key, leaf, sortArrays);
    }
    return result;
  }
  return typeof value === "string" ? leaf(value) : value;
}

/**
 * `transformTree(forceStrings(value), key, leaf, true)` in one pass, without the intermediate tree:
 * null and every other scalar become their string form before `leaf` folds them. A `__proto__` key is
 * dropped, as there: assigning it on the intermediate object sets no own property, so the second
 * rebuild never saw it.
 */
export function transformForced(
  value: unknown,
  key: (name: string) => string,
  leaf: (text: string) => unknown,
): unknown {
  if (value === null) return leaf("null");
  if (Array.isArray(value)) {
    return sortForComparison(value.map((item) => transformForced(item, key, leaf)));
  }
  if (typeof value === "object") {
    const result: Record<string, unknown> = {};
    for (const name of Object.keys(value)) {
      if (name === "__proto__") continue;
      result[key(name)] = transformForced((value as Record<string, unknown>)[name], key, leaf);
    }
    return result;
  }
  const text = comparable(value);
  return typeof text === "string" ? leaf(text) : text;
}
