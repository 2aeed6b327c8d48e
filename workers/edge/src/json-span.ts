import { literalEnd, numberEnd, skipSpace, stringEnd } from "@mockctl/core";

/**
 * Where a JSON value ends, or -1 when the text from `at` is no JSON value or nests deeper than
 * MAX_SPAN_DEPTH (body-scan.ts then leaves the body to JSON.parse, so -1 need not mean invalid; a value it
 * accepts must be one JSON.parse accepts). Each token is the core's lexer's (readers/json-lexer.ts).
 */
export function valueEnd(text: string, at: number, depth: number): number {
  const code = text.charCodeAt(at);
  if (code === 0x22) return stringEnd(text, at);
  if (code === 0x7b) return depth < MAX_SPAN_DEPTH ? listEnd(text, at, depth + 1, 0x7d) : -1;
  if (code === 0x5b) return depth < MAX_SPAN_DEPTH ? listEnd(text, at, depth + 1, 0x5d) : -1;
  if (code === 0x74 || code === 0x66 || code === 0x6e) return literalEnd(text, at);
  return numberEnd(text, at);
}

/** Deeper than this, a body is left to JSON.parse and the core's own depth limit. */
export const MAX_SPAN_DEPTH = 32;

/** An object's members (`close` is `}`) or an array's items (`]`), from the opening character. */
function listEnd(text: string, at: number, depth: number, close: number): number {
  let i = skipSpace(text, at + 1);
  if (text.charCodeAt(i) === close) return i + 1;
  for (;;) {
    if (close === 0x7d) {
      if (text.charCodeAt(i) !== 0x22) return -1;
      i = stringEnd(text, i);
      if (i < 0) return -1;
      i = skipSpace(text, i);
      if (text.charCodeAt(i) !== 0x3a) return -1;
      i = skipSpace(text, i + 1);
    }
    i = valueEnd(text, i, depth);
    if (i < 0) return -1;
    i = skipSpace(text, i);
    const code = text.charCodeAt(i);
    if (code === close) return i + 1;
    if (code !== 0x2c) return -1;
    i = skipSpace(text, i + 1);
  }
}
