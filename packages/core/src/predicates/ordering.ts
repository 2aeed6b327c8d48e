/**
 * Deterministic JSON text with object keys sorted, equal to what `safe-stable-stringify` (Mountebank's
 * `stringify`) gives for JSON-like values: undefined, functions and symbols are left out of objects and
 * become null in arrays, non-finite numbers are null, and a top-level undefined stays undefined.
 */
export function stableStringify(value: unknown): string | undefined {
  switch (typeof value) {
    case "string":
      return JSON.stringify(value);
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

function stringifyArray(values: unknown[]): string {
  return `[${values.map((item) => stableStringify(item) ?? "null").join(",")}]`;
}

function stringifyObject(value: Record<string, unknown>): string {
  const toJson = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJson === "function") return stableStringify(toJson.call(value)) ?? "null";
  const parts: string[] = [];
  for (const key of Object.keys(value).sort()) {
    const text = stableStringify(value[key]);
    if (text !== undefined) parts.push(`${JSON.stringify(key)}:${text}`);
  }
  return `{${parts.join(",")}}`;
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
