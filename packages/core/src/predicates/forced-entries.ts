import { quote } from "./ordering.ts";

/**
 * The pieces of a forced, folded JSON value as deepEquals compares it (see forced-text.ts): each value's
 * stable text, and for array elements what Mountebank's sort compares them by.
 */

/** An object or array: its stable text, and for arrays the sorted elements (for coercion). */
export interface Nested {
  readonly text: string;
  readonly entries: readonly Entry[] | undefined;
}

/** A forced value: a string (every scalar is one once forced) or a nested object or array. */
export type Entry = string | Nested;

export const entryText = (entry: Entry): string => (typeof entry === "string" ? quote(entry) : entry.text);

/**
 * `compareForSort` on the forced values: two objects by their stable text, anything else by `<` on what
 * JavaScript coerces each side to. The same engine sort over the same elements in the same order,
 * with a comparator that answers every call the same, gives Mountebank's permutation even though the
 * comparator is not consistent.
 */
export function compareEntries(a: Entry, b: Entry): number {
  if (typeof a !== "string" && typeof b !== "string") return a.text < b.text ? -1 : 1;
  return coerced(a) < coerced(b) ? -1 : 1;
}

/**
 * What `<` makes of a forced value: a string itself, an object "[object Object]", an array its elements
 * joined by commas. An object with its own `toString` or `valueOf` coerces otherwise (or throws), so
 * the reader declines those.
 */
function coerced(entry: Entry): string {
  if (typeof entry === "string") return entry;
  return entry.entries === undefined ? "[object Object]" : entry.entries.map(coerced).join(",");
}

/** `{member,…}` with the members ordered by their keys (distinct) as stableStringify orders them. */
export function objectText(keys: readonly string[], members: readonly string[]): string {
  const order = keys.map((_, i) => i);
  if (order.length > 12) order.sort((a, b) => ((keys[a] as string) < (keys[b] as string) ? -1 : 1));
  else {
    // Insertion sort: the same order, at a fraction of the cost of sort() for the few keys most have.
    for (let i = 1; i < order.length; i++) {
      const index = order[i] as number;
      const key = keys[index] as string;
      let j = i - 1;
      for (; j >= 0 && (keys[order[j] as number] as string) > key; j--) order[j + 1] = order[j] as number;
      order[j + 1] = index;
    }
  }
  let text = "{";
  for (let i = 0; i < order.length; i++) text += (i > 0 ? "," : "") + members[order[i] as number];
  return `${text}}`;
}
