import { parseJsonBody } from "@mockctl/core";
import type { FieldTree } from "./body-fields.ts";
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
 * - no object on the way to a read field, nor inside one read whole, has two names that fold to one:
 *   after the fold, which of them wins depends on an order of repeats the parsed object no longer shows.
 * The parse is the core's own, with its depth limit, so a body the core reads as text is never keyed here.
 * body-projection.test.ts holds each of these to the core's own answers.
 */
export function projectBody(tree: FieldTree, text: string): string | undefined {
  // Anything but an object is keyed whole; asked first, as a failed parse throws, which costs.
  if (!opensObject(text)) return undefined;
  if (text.includes("\\u") || text.includes("__proto__") || text.includes("\u03a3")) return undefined;
  const parsed = parseJsonBody(text);
  return isPlainObject(parsed) ? fieldsOf(tree, parsed) : undefined;
}

function opensObject(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // JSON's whitespace: space, tab, line feed, carriage return.
    if (code !== 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) return code === 0x7b;
  }
  return false;
}

function fieldsOf(tree: FieldTree, object: Record<string, unknown>): string | undefined {
  const names = foldedNames(object);
  if (names === undefined) return undefined;
  let key = "{";
  for (const [name, inner] of tree) {
    const sent = names.get(name);
    if (sent === undefined) {
      key += "-,";
      continue;
    }
    const value = object[sent];
    const part = inner !== true && isPlainObject(value) ? fieldsOf(inner, value) : whole(value);
    if (part === undefined) return undefined;
    key += `${JSON.stringify(sent)}:${part},`;
  }
  return `${key}}`;
}

/** Each name by its lower case; undefined when two names share one. */
function foldedNames(object: Record<string, unknown>): Map<string, string> | undefined {
  const names = new Map<string, string>();
  for (const name of Object.keys(object)) {
    const folded = name.toLowerCase();
    if (names.has(folded)) return undefined;
    names.set(folded, name);
  }
  return names;
}

/**
 * A parsed value written out so that no two values the core could tell apart share a text: JSON.stringify
 * would write an overflowing number (1e999, Infinity once parsed) as `null`, and -0 as 0.
 */
function whole(value: unknown): string | undefined {
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number") return Object.is(value, -0) ? "-0" : String(value);
  if (typeof value !== "object" || value === null) return String(value);
  let text: string | undefined;
  if (Array.isArray(value)) {
    text = "[";
    for (const item of value) {
      const part = whole(item);
      if (part === undefined) return undefined;
      text += `${part},`;
    }
    return `${text}]`;
  }
  const object = value as Record<string, unknown>;
  if (foldedNames(object) === undefined) return undefined;
  text = "{";
  for (const name of Object.keys(object)) {
    const part = whole(object[name]);
    if (part === undefined) return undefined;
    text += `${JSON.stringify(name)}:${part},`;
  }
  return `${text}}`;
}
