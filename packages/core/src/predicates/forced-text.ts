import {
  afterSpace,
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COLON,
  COMMA,
  isNumberStart,
  literalEnd,
  numberEnd,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
  skipSpace,
  stringEnd,
} from "../readers/json-lexer.ts";
import { compareEntries, type Entry, entryText, type Nested, objectText } from "./forced-entries.ts";
import { quote } from "./ordering.ts";

const MAX_DEPTH = 200;
const MAX_KEYS = 64;

/**
 * `stableStringify(transformForced(JSON.parse(text), key, leaf))` read straight off the text, for a
 * text the fold leaves as it is (try-json.ts, parsesAsFolded: tryJSON then hands over JSON.parse's own
 * tree). Keys and strings are taken as they are; only the other scalars, forced to strings, go
 * through `leaf` (`1e400` parses as Infinity, which lower-cases). Neither the tree nor its forced copy
 * is built, which halves the cost of a deepEquals body.
 *
 * Answers undefined, and the caller takes the two-step path, for any text JSON.parse would refuse,
 * nesting deeper than MAX_DEPTH, objects of more than MAX_KEYS keys, and objects with an own `toString`
 * or `valueOf` (see forced-entries.ts).
 */
export function forcedJsonText(text: string, leaf: (text: string) => string): string | undefined {
  const reader = new ForcedReader(text, leaf);
  const entry = reader.value(0, true);
  if (entry === undefined || skipSpace(text, reader.pos) !== text.length) return undefined;
  return entryText(entry);
}

class ForcedReader {
  pos = 0;
  /** Where the last value read starts (after whitespace). */
  private start = 0;
  /** The last value read is a string whose token is its JSON text already (no escapes, no surrogates). */
  private plain = false;
  /** The next backslash at or after the last string read, or the text's length: found once, not per string. */
  private backslash = -1;

  constructor(
    private readonly text: string,
    private readonly leaf: (text: string) => string,
  ) {}

  /**
   * One value from `pos` (after whitespace): its forced entry, and `pos` after it; undefined if invalid.
   * A plain string is only decoded when `decode` asks for it (object members are copied as tokens).
   */
  value(depth: number, decode: boolean): Entry | undefined {
    const text = this.text;
    const start = afterSpace(text, this.pos);
    const c = text.charCodeAt(start);
    this.start = start;
    if (c === QUOTE) return this.string(start, decode);
    this.plain = false;
    if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (depth === MAX_DEPTH) return undefined;
      return c === OPEN_BRACE ? this.object(start, depth + 1) : this.array(start, depth + 1);
    }
    const number = isNumberStart(c);
    const end = number ? numberEnd(text, start) : literalEnd(text, start);
    if (end < 0) return undefined;
    this.pos = end;
    const raw = text.slice(start, end);
    // Number() reads a JSON number exactly as JSON.parse does; String() is what forcing gives.
    return this.leaf(number ? String(Number(raw)) : raw);
  }

  private string(start: number, decode: boolean): string | undefined {
    const text = this.text;
    const end = stringEnd(text, start);
    if (end < 0) return undefined;
    this.pos = end;
    if (this.backslash < start) {
      const at = text.indexOf("\\", start);
      this.backslash = at < 0 ? text.length : at;
    }
    if (this.backslash < end) {
      this.plain = false;
      return JSON.parse(text.slice(start, end)) as string;
    }
    // JSON.stringify escapes lone surrogates, so only a token without any is its own JSON text.
    this.plain = !hasSurrogate(text, start, end);
    return decode || !this.plain ? text.slice(start + 1, end - 1) : "";
  }

  private object(open: number, depth: number): Nested | undefined {
    const text = this.text;
    const keys: string[] = [];
    const members: string[] = [];
    let pos = afterSpace(text, open + 1);
    if (text.charCodeAt(pos) === CLOSE_BRACE) {
      this.pos = pos + 1;
      return { text: "{}", entries: undefined };
    }
    for (;;) {
      const key = text.charCodeAt(pos) === QUOTE ? this.string(pos, true) : undefined;
      if (key === undefined || key === "toString" || key === "valueOf") return undefined;
      const keyStart = pos;
      const keyEnd = this.pos;
      const keyPlain = this.plain;
      pos = afterSpace(text, keyEnd);
      if (text.charCodeAt(pos) !== COLON) return undefined;
      this.pos = pos + 1;
      const entry = this.value(depth, false);
      if (entry === undefined) return undefined;
      // `"key":"value"` as written is the member's text; anything else is put together.
      let member: string;
      if (this.plain && keyPlain && this.start === keyEnd + 1) member = text.slice(keyStart, this.pos);
      else {
        const head = keyPlain ? text.slice(keyStart, keyEnd) : quote(key);
        member = `${head}:${this.plain ? text.slice(this.start, this.pos) : entryText(entry)}`;
      }
      // transformForced drops `__proto__`; a later duplicate key replaces the earlier value.
      if (key !== "__proto__" && !setMember(keys, members, key, member)) return undefined;
      pos = afterSpace(text, this.pos);
      const c = text.charCodeAt(pos);
      pos = afterSpace(text, pos + 1);
      if (c === CLOSE_BRACE) break;
      if (c !== COMMA) return undefined;
    }
    this.pos = pos;
    this.plain = false;
    return { text: objectText(keys, members), entries: undefined };
  }

  private array(open: number, depth: number): Nested | undefined {
    const text = this.text;
    const entries: Entry[] = [];
    this.pos = afterSpace(text, open + 1);
    if (text.charCodeAt(this.pos) === CLOSE_BRACKET) {
      this.pos++;
      return { text: "[]", entries };
    }
    for (;;) {
      const entry = this.value(depth, true);
      if (entry === undefined) return undefined;
      entries.push(entry);
      const pos = afterSpace(text, this.pos);
      const c = text.charCodeAt(pos);
      this.pos = pos + 1;
      if (c === CLOSE_BRACKET) break;
      if (c !== COMMA) return undefined;
    }
    this.plain = false;
    entries.sort(compareEntries);
    let out = "[";
    for (let i = 0; i < entries.length; i++) out += (i > 0 ? "," : "") + entryText(entries[i] as Entry);
    return { text: `${out}]`, entries };
  }
}

/** Adds a member, or replaces a duplicate's; false past MAX_KEYS, where finding duplicates gets costly. */
function setMember(keys: string[], members: string[], key: string, member: string): boolean {
  const at = keys.indexOf(key);
  if (at >= 0) members[at] = member;
  else if (keys.length === MAX_KEYS) return false;
  else {
    keys.push(key);
    members.push(member);
  }
  return true;
}

function hasSurrogate(text: string, start: number, end: number): boolean {
  for (let i = start + 1; i < end - 1; i++) if ((text.charCodeAt(i) & 0xf800) === 0xd800) return true;
  return false;
}
