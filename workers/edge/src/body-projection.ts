import { parseJsonBody } from "@mockctl/core";
import type { ReadFields } from "./body-fields.ts";
import { scanFields, UNSCANNED } from "./body-scan.ts";
import { isPlainObject } from "./plain-object.ts";

/**
 * A body's key by the fields the stubs read (body-fields.ts): each one's name as sent and its whole value,
 * or a mark for its absence; undefined when the body must be keyed by its whole text instead.
 *
 * Sound because the core matches an object expectation field by field, reading for each expected name
 * the field the folded body holds under it (predicates/satisfy.ts), and nothing else. The fold lower-cases
 * the text, parses it, and folds the tree (try-json.ts); the key is taken from the tree of the text as
 * sent, which fixes the folded fields exactly when:
 * - no `\u` escape and no capital sigma is in the text: a sigma's lower case depends on the characters
 *   beside it in the text, which an escape changes without changing the parsed value;
 * - no `__proto__` is in it: the fold's rebuild sets a prototype where JSON.parse makes a field;
 * - no object on the way to a read field has two names that fold to that field's, and no object inside a
 *   value read whole has two names that fold to one: after the fold, which of them wins depends on an
 *   order of repeats the parsed object no longer shows.
 * The parse is the core's own, with its depth limit, so a body the core reads as text is never keyed here.
 * body-projection.test.ts holds each of these to the core's own answers. A body with no backslash is read
 * by a scan of its text instead, which gives the parse's key or leaves the body to it (body-scan.ts).
 */
export function projectBody(fields: ReadFields, text: string): string | undefined {
  // Anything but an object is keyed whole; asked first, as a failed parse throws, which costs.
  if (!opensObject(text)) return undefined;
  if (text.includes("\\u") || text.includes("__proto__") || text.includes("\u03a3")) return undefined;
  const scanned = scanFields(fields, text);
  return scanned === UNSCANNED ? parsedFields(fields, text) : scanned;
}

/** projectBody by JSON.parse: for any body, and the reference the scan is held to (body-scan.test.ts). */
export function parsedFields(fields: ReadFields, text: string): string | undefined {
  const parsed = parseJsonBody(text);
  return isPlainObject(parsed) ? fieldsOf(fields, parsed) : undefined;
}

function opensObject(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // JSON's whitespace: space, tab, line feed, carriage return.
    if (code !== 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) return code === 0x7b;
  }
  return false;
}

function fieldsOf(fields: ReadFields, object: Record<string, unknown>): string | undefined {
  let key = "{";
  for (let i = 0; i < fields.names.length; i++) {
    const sent = sentName(object, fields.names[i] as string);
    if (sent === null) return undefined;
    if (sent === undefined) {
      key += "-,";
      continue;
    }
    const value = object[sent];
    const inner = fields.inner[i];
    const part = inner != null && isPlainObject(value) ? fieldsOf(inner, value) : whole(value);
    if (part === undefined) return undefined;
    key += `${sent.length}:${sent}=${part},`;
  }
  return `${key}}`;
}

/** The name the body sent for a read field (lower-cased): undefined when none, null when two fold to it. */
function sentName(object: Record<string, unknown>, name: string): string | null | undefined {
  let sent: string | undefined;
  for (const key in object) {
    if (key.toLowerCase() !== name) continue;
    if (sent !== undefined) return null;
    sent = key;
  }
  return sent;
}

/** Whether two of an object's names fold to one. */
function foldsTwoNames(object: Record<string, unknown>): boolean {
  const names = new Set<string>();
  for (const name in object) {
    const folded = name.toLowerCase();
    if (names.has(folded)) return true;
    names.add(folded);
  }
  return false;
}

/**
 * A parsed value written out so that no two values the core could tell apart share a text, each kind
 * tagged and each text led by its length: JSON.stringify would write an overflowing number (1e999,
 * Infinity once parsed) as `null`, and -0 as 0.
 */
function whole(value: unknown): string | undefined {
  if (typeof value === "string") return `s${value.length}:${value}`;
  if (typeof value === "number") return Object.is(value, -0) ? "d-0" : `d${value}`;
  if (typeof value !== "object" || value === null) return String(value);
  let text = "[";
  if (Array.isArray(value)) {
    for (const item of value) {
      const part = whole(item);
      if (part === undefined) return undefined;
      text += `${part},`;
    }
    return `${text}]`;
  }
  const object = value as Record<string, unknown>;
  if (foldsTwoNames(object)) return undefined;
  text = "{";
  for (const name in object) {
    const part = whole(object[name]);
    if (part === undefined) return undefined;
    text += `${name.length}:${name}=${part},`;
  }
  return `${text}}`;
}
