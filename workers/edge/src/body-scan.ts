import { skipSpace } from "@mockctl/core";
import type { ReadFields } from "./body-fields.ts";
import { valueEnd } from "./json-span.ts";

/** Left to the parse (body-projection.ts): a body or a value the scan does not read. */
export const UNSCANNED = null;

/**
 * The key projectBody would give a JSON body with no backslash, read off its text in two passes without
 * parsing it: one that checks the whole text is JSON, one that finds the read fields. A stream of distinct
 * bodies pays for its key on every request: on the ladder in the platform's process, JSON.parse and the
 * walk of what it built cost a fresh body 9–15 µs of its hit, this scan 2–5, though in a loop of one body
 * after another the two cost the same, about a µs (BODY-PROFILE.md, section 46). UNSCANNED where the
 * parse must decide: a backslash anywhere, a value read whole that is an object or an array. Without a
 * backslash no escape can be in the text, so a name or a string is its text between the quotes.
 */
export function scanFields(fields: ReadFields, text: string): string | undefined | typeof UNSCANNED {
  if (text.includes("\\")) return UNSCANNED;
  const start = skipSpace(text, 0);
  if (text.charCodeAt(start) !== 0x7b) return UNSCANNED;
  const end = valueEnd(text, start, 0);
  if (end < 0 || skipSpace(text, end) !== text.length) return UNSCANNED;
  return fieldsAt(fields, text, start);
}

/** The key of the fields read in the object opening at `at`, as fieldsOf gives it. */
function fieldsAt(fields: ReadFields, text: string, at: number): string | undefined | typeof UNSCANNED {
  let key = "{";
  for (let i = 0; i < fields.names.length; i++) {
    const found = memberOf(text, at, fields.names[i] as string);
    if (found === undefined) return undefined;
    if (found === null) {
      key += "-,";
      continue;
    }
    const [sent, valueAt] = found;
    const inner = fields.inner[i];
    const part =
      inner != null && text.charCodeAt(valueAt) === 0x7b
        ? fieldsAt(inner, text, valueAt)
        : whole(text, valueAt);
    if (part === undefined || part === UNSCANNED) return part;
    key += `${sent.length}:${sent}=${part},`;
  }
  return `${key}}`;
}

/**
 * The name sent for `name` (lower-cased) in the object opening at `at`, and where its last value starts
 * (JSON.parse keeps the last of a repeated name); null when no name folds to it, undefined when two do.
 */
function memberOf(text: string, at: number, name: string): [string, number] | null | undefined {
  let found: [string, number] | null = null;
  let i = skipSpace(text, at + 1);
  if (text.charCodeAt(i) === 0x7d) return null;
  for (;;) {
    const nameEnd = text.indexOf('"', i + 1);
    const sent = text.slice(i + 1, nameEnd);
    const valueAt = skipSpace(text, skipSpace(text, nameEnd + 1) + 1);
    if (sent.toLowerCase() === name) {
      if (found !== null && found[0] !== sent) return undefined;
      found = [sent, valueAt];
    }
    i = skipSpace(text, valueEnd(text, valueAt, 0));
    if (text.charCodeAt(i) === 0x7d) return found;
    i = skipSpace(text, i + 1);
  }
}

/** A scalar's part of the key as body-projection's `whole` writes it; UNSCANNED for an object or array. */
function whole(text: string, at: number): string | typeof UNSCANNED {
  const code = text.charCodeAt(at);
  if (code === 0x22) {
    const value = text.slice(at + 1, text.indexOf('"', at + 1));
    return `s${value.length}:${value}`;
  }
  if (code === 0x7b || code === 0x5b) return UNSCANNED;
  if (code === 0x74 || code === 0x66 || code === 0x6e) return text.slice(at, valueEnd(text, at, 0));
  const value = Number(text.slice(at, valueEnd(text, at, 0)));
  return Object.is(value, -0) ? "d-0" : `d${value}`;
}
