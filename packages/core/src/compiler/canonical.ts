import { foldCase } from "./leaf-params.ts";

/**
 * A canonical text for `deepEquals` on a JSON body (default case folding), so many stubs can be found by
 * one hash lookup. Mountebank compares `stringify(normalize(forceStrings(x)))` of both sides: scalars
 * become strings, keys and values are lower-cased, arrays are sorted, object keys are sorted. This form
 * does the same but sorts array elements by their own canonical text, so it is invariant under any
 * reordering: whenever Mountebank finds two bodies equal, their canonical texts are equal (it may also
 * call some unequal bodies equal; the full predicate still decides).
 *
 * `__proto__` keys are refused (undefined): Mountebank's object rebuilding drops them in a way the
 * evaluator need not copy, so such bodies are not indexed.
 */
export function canonicalExpectedBody(value: unknown): string | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? canonical(value) : undefined;
}

/** The request side from its text: see `canonicalOfTree`. */
export function canonicalRequestBody(body: string): string | false | undefined {
  try {
    // Mountebank lower-cases the whole body text before parsing it, so `TRUE` parses.
    return canonicalOfTree(JSON.parse(foldCase(body)));
  } catch {
    return false;
  }
}

/**
 * The request side from the body as `tryJSON` leaves it (the text itself when it is not JSON): the
 * canonical text of a JSON object, `false` when no object expectation can match, undefined when the
 * tree holds something this form does not model.
 */
export function canonicalOfTree(tree: unknown): string | false | undefined {
  if (typeof tree !== "object" || tree === null || Array.isArray(tree)) return false;
  return canonical(tree);
}

function canonical(value: unknown): string | undefined {
  if (value === null) return '"null"';
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
    return JSON.stringify(foldCase(String(value)));
  }
  if (Array.isArray(value)) {
    const parts: string[] = [];
    for (const element of value) {
      const part = canonical(element);
      if (part === undefined) return undefined;
      parts.push(part);
    }
    return `[${parts.sort().join(",")}]`;
  }
  // A rebuilt tree turns `__proto__` keys into prototypes.
  if (typeof value !== "object" || Object.getPrototypeOf(value) !== Object.prototype) return undefined;
  const entries = new Map<string, string>();
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const folded = foldCase(key);
    const part = canonical(record[key]);
    if (key === "__proto__" || folded === "__proto__" || part === undefined) return undefined;
    entries.set(folded, part);
  }
  const keys = [...entries.keys()].sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${entries.get(k)}`).join(",")}}`;
}
