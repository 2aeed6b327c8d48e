/**
 * JSON's tokens, exactly as ECMA-404 (and so JSON.parse) defines them, read in place: each function
 * takes the text and the position of a token's first character and answers the position just after
 * the token, or -1 when no valid token starts there. See json-scan.ts.
 */

export const QUOTE = 34;
export const COMMA = 44;
export const MINUS = 45;
export const COLON = 58;
export const OPEN_BRACKET = 91;
export const BACKSLASH = 92;
export const CLOSE_BRACKET = 93;
export const OPEN_BRACE = 123;
export const CLOSE_BRACE = 125;

export const isDigit = (c: number): boolean => c >= 48 && c <= 57;

export const isNumberStart = (c: number): boolean => c === MINUS || isDigit(c);

const isHex = (c: number): boolean => isDigit(c) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);

/** `"`, `\`, `/`, `b`, `f`, `n`, `r`, `t`: the escapes JSON allows besides `\u`. */
const isSimpleEscape = (c: number): boolean =>
  c === QUOTE || c === BACKSLASH || c === 47 || c === 98 || c === 102 || c === 110 || c === 114 || c === 116;

/** JSON's whitespace is space, tab, line feed and carriage return only (no BOM, no NBSP). */
export function skipSpace(text: string, pos: number): number {
  for (;;) {
    const c = text.charCodeAt(pos);
    if (c !== 32 && c !== 10 && c !== 13 && c !== 9) return pos;
    pos++;
  }
}

/** skipSpace with the usual case (no whitespace) checked first, so that it stays cheap when inlined. */
export function afterSpace(text: string, pos: number): number {
  return text.charCodeAt(pos) > 32 ? pos : skipSpace(text, pos);
}

/** A string from its opening quote. */
export function stringEnd(text: string, pos: number): number {
  for (pos++; ; ) {
    const c = text.charCodeAt(pos);
    if (c === QUOTE) return pos + 1;
    if (c === BACKSLASH) {
      const e = text.charCodeAt(pos + 1);
      if (isSimpleEscape(e)) pos += 2;
      else if (e === 117 && hex4(text, pos + 2)) pos += 6;
      else return -1;
    } else if (c >= 32) pos++;
    else return -1; // a control character, or the end of the text (NaN)
  }
}

function hex4(text: string, pos: number): boolean {
  return (
    isHex(text.charCodeAt(pos)) &&
    isHex(text.charCodeAt(pos + 1)) &&
    isHex(text.charCodeAt(pos + 2)) &&
    isHex(text.charCodeAt(pos + 3))
  );
}

/** `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?` */
export function numberEnd(text: string, pos: number): number {
  if (text.charCodeAt(pos) === MINUS) pos++;
  const first = text.charCodeAt(pos);
  if (!isDigit(first)) return -1;
  pos++;
  if (first !== 48) pos = digitsEnd(text, pos);
  if (text.charCodeAt(pos) === 46) {
    if (!isDigit(text.charCodeAt(pos + 1))) return -1;
    pos = digitsEnd(text, pos + 1);
  }
  const e = text.charCodeAt(pos);
  if (e === 101 || e === 69) {
    pos++;
    const sign = text.charCodeAt(pos);
    if (sign === 43 || sign === MINUS) pos++;
    if (!isDigit(text.charCodeAt(pos))) return -1;
    pos = digitsEnd(text, pos);
  }
  return pos;
}

function digitsEnd(text: string, pos: number): number {
  while (isDigit(text.charCodeAt(pos))) pos++;
  return pos;
}

/** `true`, `false` or `null`. */
export function literalEnd(text: string, pos: number): number {
  for (const word of LITERALS) if (text.startsWith(word, pos)) return pos + word.length;
  return -1;
}

const LITERALS = ["true", "false", "null"] as const;
