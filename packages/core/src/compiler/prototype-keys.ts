import type { RequestView } from "../predicates/types.ts";
import { foldCase } from "./leaf-params.ts";

/**
 * Whether a request body's JSON may hold a `__proto__` key once folded. Mountebank's `tryJSON` rebuilds
 * the parsed tree by assignment, so such a key replaces the object's prototype (predicates/try-json.ts),
 * and a predicate reading that object may throw where a plain object would simply not match. The route
 * index rules stubs out by any of their fields, not in Mountebank's order, so it could answer "no match"
 * where the ordered evaluation throws first: such requests are matched in order instead.
 *
 * Conservative: a key spelled in any case counts (the default fold lower-cases it), and so does one spelled
 * with `\u` escapes. A key that an `except` pattern assembles (`__prXoto__` less the X) is not seen here and
 * need not be: the index takes no constraint from a leaf with `except` and none after a leaf that may throw.
 */
export function mayReplacePrototype(view: RequestView): boolean {
  const body = view.request.body;
  // The shortest JSON with such a key, `{"__proto__":0}`, has 15 characters: a GET's empty body stops here.
  // Every spelling holds two underscores or a backslash, neither of which has a case, and a plain search
  // for each is several times cheaper than a case-blind regex over the body: most bodies stop here too.
  if (body.length < 15 || (!body.includes("__") && !body.includes("\\"))) return false;
  if (PROTO_TEXT.test(body)) return true;
  if (!ESCAPE.test(body)) return false;
  // Only escapes can spell the key now, so the tree is read. The lower-cased text parses whenever the text
  // as written does, to the same keys up to case (lower-casing changes no escape's meaning and no JSON
  // token's), and sometimes when it does not (`\U005F`, `TRUE`); it is also the text the default fold
  // parses, through the same view cache, so the predicates that follow do not parse it again. A tree the
  // core will not read (too deep) comes back undefined: the body is then text to every predicate.
  return hasProtoKey(view.parseJson(foldCase(body)));
}

const PROTO_TEXT = /__proto__/i;
const ESCAPE = /\\u/i;

/** Recursion is safe: view.parseJson returns no tree deeper than MAX_BODY_DEPTH (select/depth.ts). */
function hasProtoKey(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  if (Array.isArray(value)) return value.some(hasProtoKey);
  for (const key of Object.keys(value)) {
    if (key.toLowerCase() === "__proto__") return true;
    if (hasProtoKey((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}
