/**
 * Whether a request body's JSON may hold a `__proto__` key once folded. Mountebank's `tryJSON` rebuilds
 * the parsed tree by assignment, so such a key replaces the object's prototype (predicates/try-json.ts),
 * and a predicate reading that object may throw where a plain object would simply not match. The route
 * index rules stubs out by any of their fields, not in Mountebank's order, so it could answer "no match"
 * where the ordered evaluation throws first: such requests are matched in order instead.
 *
 * Conservative: a key spelled in any case counts (the default fold lower-cases it), and `\u` escapes, which
 * can spell the key, are decoded by parsing the body as written and lower-cased.
 */
export function mayReplacePrototype(body: string): boolean {
  // The shortest JSON with such a key, `{"__proto__":0}`, has 15 characters: a GET's empty body stops here.
  // One scan for the others: most bodies have neither.
  if (body.length < 15 || !SUSPECT.test(body)) return false;
  if (PROTO_TEXT.test(body)) return true;
  return [body, body.toLowerCase()].some((text) => {
    try {
      return hasProtoKey(JSON.parse(text));
    } catch (error) {
      // Not JSON: no tree to rebuild. A tree too deep to walk: assume the worst.
      return !(error instanceof SyntaxError);
    }
  });
}

const SUSPECT = /__proto__|\\u/i;
const PROTO_TEXT = /__proto__/i;

function hasProtoKey(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  if (Array.isArray(value)) return value.some(hasProtoKey);
  for (const key of Object.keys(value)) {
    if (key.toLowerCase() === "__proto__") return true;
    if (hasProtoKey((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}
