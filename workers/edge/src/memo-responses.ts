import { addSelectedField } from "./body-fields.ts";
import { HEADER_NAME, type KeyedReads, UNKEYABLE_HEADER } from "./memo-reads.ts";
import { isPlainObject } from "./plain-object.ts";

/**
 * Whether every answer a stub's responses give is a function of what the route memo keys by, so that an
 * answer made for one request may be given again to any request with the same key. A plain `is` is (the
 * core renders it once); so is an `is` whose behaviors are only `copy` from the request line, a named
 * header or the body, and `wait` by a number of milliseconds: the same key gives the same copied values.
 * Not: proxy, inject and fault responses, `lookup` (its data source changes apart from the imposter),
 * `decorate`, `shellTransform`, `wait` as a function, and copy from the client's address or a form.
 * A copy that reads a header or the body adds it to `reads`, so the key holds what the answer depends on:
 * the field at the end of a plain jsonpath chain (`$.order.sku`), which is all such a copy selects
 * (body-fields.ts), and otherwise the whole body, as a regex, xpath or any other selector may read anything.
 */
export function derivesFromKeyedFields(response: unknown, reads: KeyedReads): boolean {
  if (!isPlainObject(response)) return false;
  for (const key of Object.keys(response)) if (!RESPONSE_KEYS.has(key)) return false;
  const behaviors = response.behaviors;
  if (behaviors === undefined) return true;
  return Array.isArray(behaviors) && behaviors.every((behavior) => behaviorIsKeyed(behavior, reads));
}

/** `repeat` makes a stub stateful, which the object serves and the memo never sees; harmless here. */
const RESPONSE_KEYS = new Set(["is", "behaviors", "repeat"]);
/** Request fields that the memo's key fixes (the path and query come from the target, as the key's line). */
const KEYED_FIELDS = new Set(["method", "path", "query", "body"]);

function behaviorIsKeyed(behavior: unknown, reads: KeyedReads): boolean {
  if (!isPlainObject(behavior)) return false;
  for (const [key, value] of Object.entries(behavior)) {
    if (key === "wait") {
      if (typeof value !== "number") return false;
    } else if (key === "copy") {
      if (!isPlainObject(value) || !copyIsKeyed(value, reads)) return false;
    } else {
      return false;
    }
  }
  return true;
}

/**
 * Whether a copy's `from` is keyed, as the core's `requestField` reads it (behaviors/request-field.ts): a
 * field name in any case, or an object whose first key names a field exactly and steps into it. A header is
 * keyed only when named by a string.
 */
function copyIsKeyed(copy: Record<string, unknown>, reads: KeyedReads): boolean {
  const from = copy.from;
  let field: string;
  let inside: unknown;
  if (typeof from === "string") {
    field = from.toLowerCase();
  } else if (isPlainObject(from)) {
    const first = Object.keys(from)[0];
    if (first === undefined) return false;
    field = first;
    inside = from[first];
  } else {
    return false;
  }
  if (KEYED_FIELDS.has(field)) {
    if (field === "body") readCopiedBody(reads, typeof from === "string" ? copy.using : undefined);
    return true;
  }
  if (field !== "headers" || typeof inside !== "string" || !HEADER_NAME.test(inside)) return false;
  const name = inside.toLowerCase();
  if (name === UNKEYABLE_HEADER) return false;
  reads.headers.add(name);
  return true;
}

/**
 * A copy of the whole body field by a plain jsonpath chain reads only the value at the chain's end
 * (body-fields.ts); any other copy from the body reads its whole text: a regex or an xpath may select
 * anything in it, and a `from` that steps into the body (`{ body: … }`) reads the text's own properties.
 */
function readCopiedBody(reads: KeyedReads, using: unknown): void {
  reads.body = true;
  if (reads.fields === null) return;
  const byChain = isPlainObject(using) && using.method === "jsonpath";
  if (!byChain || !addSelectedField(reads.fields, using)) reads.fields = null;
}
