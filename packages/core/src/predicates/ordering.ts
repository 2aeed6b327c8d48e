/**
 * Deterministic JSON text with object keys sorted, equal to what `safe-stable-stringify` (Mountebank's
 * `stringify`) gives for JSON-like values: undefined, functions and symbols are left out of objects and
 * become null in arrays, non-finite numbers are null, and a top-level undefined stays undefined.
 */
export function stableStringify(value: unknown): string | undefined {
  switch (typeof value) {
    case "string":
      return quote(value);
    case "number":
      return Number.isFinite(value) ? String(value) : "null";
    case "boolean":
    case "bigint":
      return String(value);
    case "object":
      if (value === null) return "null";
      return Array.isArray(value) ? stringifyArray(value) : stringifyObject(value as Record<string, unknown>);
    default:
      return undefined;
  }
}

/** What JSON.stringify escapes: quotes, backslashes, control characters and (lone) surrogates. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what JSON escapes.
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/u;

/** JSON.stringify of a string, without the call for the usual string that needs no escape. */
export function quote(text: string): string {
  return NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`;
}

function stringifyArray(values: unknown[]): string {
  let text = "[";
  for (let i = 0; i < values.length; i++) {
    if (i > 0) text += ",";
    text += stableStringify(values[i]) ?? "null";
  }
  return `${text}]`;
}

function stringifyObject(value: Record<string, unknown>): string {
  const toJson = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJson === "function") return stableStringify(toJson.call(value)) ?? "null";
  const keys = sortedKeys(value);
  let text = "{";
  for (const key of keys) {
    const part = stableStringify(value[key]);
    if (part === undefined) continue;
    if (text.length > 1) text += ",";
    text += `${quote(key)}:${part}`;
  }
  return `${text}}`;
}

/**
 * The keys in the default sort order (UTF-16 code units); a short insertion sort gives the same order
 * (keys are distinct) at a fraction of the cost of `sort()` on the few keys most objects have.
 */
export function sortedKeys(value: object): string[] {
  const keys = Object.keys(value);
  if (keys.length > 12) return keys.sort();
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i] as string;
    let j = i - 1;
    for (; j >= 0 && (keys[j] as string) > key; j--) keys[j + 1] = keys[j] as string;
    keys[j + 1] = key;
  }
  return keys;
}

const isObject = (value: unknown): value is object => typeof value === "object" && value !== null;

/**
 * Mountebank's array order for normalized values (`sortObjects`): two objects compare by their stable
 * JSON text; anything else by JavaScript's `<`, with every other pair reported as "greater". That is not
 * a consistent comparator, but with the same engine's sort it gives the same order as Mountebank, which
 * is what deepEquals's string comparison of arrays depends on.
 */
export function compareForSort(a: unknown, b: unknown): number {
  if (isObject(a) && isObject(b)) return compareForSort(stableStringify(a), stableStringify(b));
  // `<` on unknown values on purpose: mixed types must coerce exactly as in Mountebank.
  return (a as string) < (b as string) ? -1 : 1;
}

/** Sorts in place with `compareForSort` and returns the same array. */
export function sortForComparison<T>(values: T[]): T[] {
  return values.sort(compareForSort);
}
