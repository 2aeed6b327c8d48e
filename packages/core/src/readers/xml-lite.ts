import { MAX_BODY_DEPTH } from "../select/depth.ts";

/**
 * A small reader for plain XML documents, to spare the common request the cost of xmldom's full DOM.
 * It accepts only a subset of XML on which xmldom's lenient parser builds the obvious tree (checked
 * against xmldom by property tests), and answers undefined for everything else, so that the caller
 * falls back to xmldom:
 *
 * - optional spaces, tabs and newlines, one root element, optional spaces, tabs and newlines;
 * - elements `<name a="v" b='w'>…</name>` or `<name …/>`, end tags written exactly `</name>`;
 * - names of ASCII letters, digits, `_`, `.` and `-` (so no namespace prefixes), no `xmlns` attribute,
 *   no attribute twice, one whitespace at least before each attribute, none around `=`;
 * - attribute values without `<`, `>`, tabs or newlines (xmldom rewrites the last two);
 * - text without `<`, and nowhere a `&` (entities), a `\r`, U+0085 or U+2028 (xmldom rewrites line
 *   endings), nor any comment, CDATA section, processing instruction or doctype.
 * A text with no `<` at all holds no element for xmldom either (or no document, when empty). Nesting
 * deeper than MAX_BODY_DEPTH is left to xmldom too, whose reader refuses it (see parseXml).
 */
export interface LiteElement {
  readonly name: string;
  /** The element's position in document order. */
  readonly order: number;
  /** As `models/xpath.js` reads an element: its first child's text, or "undefined" when that is none. */
  value: string;
  readonly children: LiteElement[];
  /** Attribute names and values, in pairs. */
  readonly attributes: string[];
}

export interface LiteDocument {
  readonly root: LiteElement | undefined;
}

const NO_ELEMENTS: LiteDocument = { root: undefined };
const UNSUPPORTED = /[&\r\u0085\u2028]/u;
const UNSUPPORTED_IN_VALUE = /[<>\t\n]/u;

export function readLiteXml(text: string): LiteDocument | undefined {
  if (!text.includes("<")) return NO_ELEMENTS;
  if (UNSUPPORTED.test(text)) return undefined;
  const reader = new Reader(text);
  const start = reader.skipSpace(0);
  if (text.charCodeAt(start) !== LT) return undefined;
  const end = reader.element(start, undefined, 1);
  if (end < 0 || reader.skipSpace(end) !== text.length || reader.root === undefined) return undefined;
  return { root: reader.root };
}

const LT = 60;
const GT = 62;
const SLASH = 47;
const EQUALS = 61;

const isSpace = (code: number): boolean => code === 32 || code === 9 || code === 10;
const isNameChar = (code: number): boolean =>
  (code >= 97 && code <= 122) ||
  (code >= 65 && code <= 90) ||
  (code >= 48 && code <= 57) ||
  code === 95 ||
  code === 46 ||
  code === 45;
const isNameStart = (code: number): boolean =>
  (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 95;

class Reader {
  root: LiteElement | undefined;
  private count = 0;

  constructor(private readonly text: string) {}

  skipSpace(at: number): number {
    let i = at;
    while (isSpace(this.text.charCodeAt(i))) i++;
    return i;
  }

  /** The end of the name starting at `at`, or -1 when there is none. */
  private name(at: number): number {
    if (!isNameStart(this.text.charCodeAt(at))) return -1;
    let i = at + 1;
    while (isNameChar(this.text.charCodeAt(i))) i++;
    return i;
  }

  /** Reads the element whose `<` is at `at` into `parent`, `depth` levels down; the index after it, or -1. */
  element(at: number, parent: LiteElement | undefined, depth: number): number {
    const text = this.text;
    const nameEnd = this.name(at + 1);
    if (nameEnd < 0 || depth > MAX_BODY_DEPTH) return -1;
    const element: LiteElement = {
      name: text.slice(at + 1, nameEnd),
      order: this.count++,
      value: "undefined",
      children: [],
      attributes: [],
    };
    if (parent) parent.children.push(element);
    else this.root = element;
    const i = this.attributes(nameEnd, element.attributes);
    if (i < 0) return -1;
    if (text.charCodeAt(i) === SLASH) return text.charCodeAt(i + 1) === GT ? i + 2 : -1;
    return this.content(i + 1, element, depth);
  }

  /** Reads attributes up to the `>` or `/` that ends the start tag, and returns its index, or -1. */
  private attributes(from: number, into: string[]): number {
    const text = this.text;
    let i = from;
    for (;;) {
      const spaced = this.skipSpace(i);
      const code = text.charCodeAt(spaced);
      if (code === GT || code === SLASH) return spaced;
      const nameEnd = spaced > i ? this.name(spaced) : -1;
      if (nameEnd < 0 || text.charCodeAt(nameEnd) !== EQUALS) return -1;
      const name = text.slice(spaced, nameEnd);
      const quote = text[nameEnd + 1];
      if ((quote !== '"' && quote !== "'") || name === "xmlns" || into.includes(name)) return -1;
      const close = text.indexOf(quote, nameEnd + 2);
      if (close < 0) return -1;
      const value = text.slice(nameEnd + 2, close);
      if (UNSUPPORTED_IN_VALUE.test(value)) return -1;
      into.push(name, value);
      i = close + 1;
    }
  }

  /** Reads children and text after a start tag, through the matching end tag; returns the index after it. */
  private content(from: number, element: LiteElement, depth: number): number {
    const text = this.text;
    let i = from;
    for (;;) {
      const tag = text.indexOf("<", i);
      if (tag < 0) return -1;
      // Text before any child element is the first child.
      if (i === from && tag > i) element.value = text.slice(i, tag);
      if (text.charCodeAt(tag + 1) === SLASH) {
        const close = `</${element.name}>`;
        return text.startsWith(close, tag) ? tag + close.length : -1;
      }
      i = this.element(tag, element, depth + 1);
      if (i < 0) return -1;
    }
  }
}
