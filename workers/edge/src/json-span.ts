/**
 * Where a JSON value ends in a text without backslashes (body-scan.ts), or -1 when the text from `at` is
 * no JSON value, or nests deeper than MAX_SPAN_DEPTH (the scan then leaves the body to JSON.parse, so -1
 * need not mean invalid; a value it accepts must be one JSON.parse accepts).
 */
export function valueEnd(text: string, at: number, depth: number): number {
  const code = text.charCodeAt(at);
  if (code === 0x22) return stringEnd(text, at);
  if (code === 0x7b) return depth < MAX_SPAN_DEPTH ? objectEnd(text, at, depth + 1) : -1;
  if (code === 0x5b) return depth < MAX_SPAN_DEPTH ? arrayEnd(text, at, depth + 1) : -1;
  if (code === 0x74) return text.startsWith("true", at) ? at + 4 : -1;
  if (code === 0x66) return text.startsWith("false", at) ? at + 5 : -1;
  if (code === 0x6e) return text.startsWith("null", at) ? at + 4 : -1;
  return numberEnd(text, at);
}

/** Deeper than this, a body is left to JSON.parse and the core's own depth limit. */
export const MAX_SPAN_DEPTH = 32;

/** Past JSON's whitespace from `at`. */
export function blank(text: string, at: number): number {
  let i = at;
  for (; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code !== 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) break;
  }
  return i;
}

/** A string holds no control character (JSON wants those escaped); with no backslash, no escape either. */
function stringEnd(text: string, at: number): number {
  for (let i = at + 1; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x22) return i + 1;
    if (code < 0x20 || code === 0x5c) return -1;
  }
  return -1;
}

function objectEnd(text: string, at: number, depth: number): number {
  let i = blank(text, at + 1);
  if (text.charCodeAt(i) === 0x7d) return i + 1;
  for (;;) {
    if (text.charCodeAt(i) !== 0x22) return -1;
    i = stringEnd(text, i);
    if (i < 0) return -1;
    i = blank(text, i);
    if (text.charCodeAt(i) !== 0x3a) return -1;
    i = valueEnd(text, blank(text, i + 1), depth);
    if (i < 0) return -1;
    i = blank(text, i);
    const code = text.charCodeAt(i);
    if (code === 0x7d) return i + 1;
    if (code !== 0x2c) return -1;
    i = blank(text, i + 1);
  }
}

function arrayEnd(text: string, at: number, depth: number): number {
  let i = blank(text, at + 1);
  if (text.charCodeAt(i) === 0x5d) return i + 1;
  for (;;) {
    i = valueEnd(text, i, depth);
    if (i < 0) return -1;
    i = blank(text, i);
    const code = text.charCodeAt(i);
    if (code === 0x5d) return i + 1;
    if (code !== 0x2c) return -1;
    i = blank(text, i + 1);
  }
}

const isDigit = (code: number) => code >= 0x30 && code <= 0x39;

/** JSON's number: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? */
function numberEnd(text: string, at: number): number {
  let i = at;
  if (text.charCodeAt(i) === 0x2d) i++;
  if (text.charCodeAt(i) === 0x30) i++;
  else if (isDigit(text.charCodeAt(i))) while (isDigit(text.charCodeAt(i))) i++;
  else return -1;
  if (text.charCodeAt(i) === 0x2e) {
    if (!isDigit(text.charCodeAt(++i))) return -1;
    while (isDigit(text.charCodeAt(i))) i++;
  }
  const code = text.charCodeAt(i);
  if (code === 0x65 || code === 0x45) {
    const sign = text.charCodeAt(++i);
    if (sign === 0x2b || sign === 0x2d) i++;
    if (!isDigit(text.charCodeAt(i))) return -1;
    while (isDigit(text.charCodeAt(i))) i++;
  }
  return i;
}
