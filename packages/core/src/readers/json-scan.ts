import {
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
} from "./json-lexer.ts";

/**
 * Reads what a chain of plain property names (`$.order.id`) selects from a JSON text without building
 * the tree: for the usual ~200-byte body, JSON.parse costs most of a request's matching. The answer is
 * exactly jsonpath.ts's `follow(names, JSON.parse(text))`, or SCAN_DECLINED whenever the scanner is not
 * certain, and the caller then parses. Declined: any text JSON.parse would refuse (the caller's parse
 * then decides what that means), nesting deeper than MAX_DEPTH, and a path that continues into an
 * array or a string (both own `length` and indices, which a plain name may read).
 *
 * The whole text is validated with JSON's grammar before anything is answered. Duplicate keys: the
 * last wins, as in JSON.parse, so each new occurrence of a key on the path forgets what was selected
 * under the previous one.
 */
export const SCAN_DECLINED = Symbol("scan declined");

const MAX_DEPTH = 200;
/** Per open container, whether it is an object. Scratch shared by calls, which never interleave. */
const isObjectAt = new Uint8Array(MAX_DEPTH);

/**
 * `[value]` when the path selects something, undefined when it selects nothing, or SCAN_DECLINED.
 * One loop with an explicit stack rather than recursive descent: everything stays in locals, which
 * makes it several times faster, and no nesting can overflow the call stack.
 */
export function scanPlainPath(
  text: string,
  names: readonly string[],
): [unknown] | undefined | typeof SCAN_DECLINED {
  const n = names.length;
  let pos = 0;
  let depth = 0; // open containers
  let onPath = 0; // the open containers [0, onPath) are on the path, container i at level i
  let valueOnPath = true; // the next value is on the path, at level `depth`
  let expectKey = false;
  let start = -1; // the selection's span, start -1 while nothing is selected
  let end = -1;
  let selectedDepth = -1; // the depth of a selected container until it closes
  let backslash = -1; // the next backslash from the last key compared, or the text's length
  for (;;) {
    // Whitespace is rare in request bodies: the check is inline, the loop a call.
    if (text.charCodeAt(pos) <= 32) pos = skipSpace(text, pos);
    let c = text.charCodeAt(pos);
    if (expectKey) {
      const keyEnd = c === QUOTE ? stringEnd(text, pos) : -1;
      if (keyEnd < 0) return SCAN_DECLINED;
      valueOnPath = false;
      if (onPath === depth) {
        const name = names[depth - 1] as string;
        let same = keyEnd - pos - 2 === name.length && text.startsWith(name, pos + 1);
        if (!same) {
          // Escapes may spell the name (`"\u0069d"`); the next backslash is found once, not per key.
          if (backslash < pos) backslash = nextBackslash(text, pos);
          same = backslash < keyEnd && JSON.parse(text.slice(pos, keyEnd)) === name;
        }
        if (same) {
          valueOnPath = true;
          start = -1; // a later duplicate key replaces the earlier value, as in JSON.parse
        }
      }
      pos = keyEnd;
      if (text.charCodeAt(pos) <= 32) pos = skipSpace(text, pos);
      if (text.charCodeAt(pos) !== COLON) return SCAN_DECLINED;
      pos++;
      if (text.charCodeAt(pos) <= 32) pos = skipSpace(text, pos);
      c = text.charCodeAt(pos);
      expectKey = false;
    }
    const selecting = valueOnPath && depth === n;
    if (valueOnPath && !selecting) {
      // The walk goes on from here. Arrays and non-empty strings own indices and `length`: decline.
      // Falsy values end the walk, and truthy numbers and `true` own nothing: nothing is selected.
      if (c === OPEN_BRACKET || (c === QUOTE && text.charCodeAt(pos + 1) !== QUOTE)) return SCAN_DECLINED;
    }
    if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (depth === MAX_DEPTH) return SCAN_DECLINED;
      isObjectAt[depth] = c === OPEN_BRACE ? 1 : 0;
      if (selecting) {
        start = pos;
        selectedDepth = depth;
      } else if (valueOnPath) onPath = depth + 1;
      depth++;
      const close = c === OPEN_BRACE ? CLOSE_BRACE : CLOSE_BRACKET;
      pos++;
      if (text.charCodeAt(pos) <= 32) pos = skipSpace(text, pos);
      if (text.charCodeAt(pos) !== close) {
        expectKey = close === CLOSE_BRACE;
        valueOnPath = false;
        continue;
      }
      // An empty container: the loop below closes it.
    } else {
      const scalarEnd =
        c === QUOTE ? stringEnd(text, pos) : isNumberStart(c) ? numberEnd(text, pos) : literalEnd(text, pos);
      if (scalarEnd < 0) return SCAN_DECLINED;
      if (selecting) {
        start = pos;
        end = scalarEnd;
      }
      pos = scalarEnd;
    }
    // After a value: close containers up to the next comma, or to the end of the text.
    for (;;) {
      if (depth === 0) {
        if (skipSpace(text, pos) !== text.length) return SCAN_DECLINED;
        return start < 0 ? undefined : [selected(text, start, end)];
      }
      const inObject = isObjectAt[depth - 1] === 1;
      if (text.charCodeAt(pos) <= 32) pos = skipSpace(text, pos);
      const c = text.charCodeAt(pos++);
      if (c === COMMA) {
        expectKey = inObject;
        valueOnPath = false;
        break;
      }
      if (c !== (inObject ? CLOSE_BRACE : CLOSE_BRACKET)) return SCAN_DECLINED;
      depth--;
      if (onPath > depth) onPath = depth;
      if (selectedDepth === depth) {
        end = pos;
        selectedDepth = -1;
      }
    }
  }
}

function nextBackslash(text: string, from: number): number {
  const at = text.indexOf("\\", from);
  return at < 0 ? text.length : at;
}

function selected(text: string, start: number, end: number): unknown {
  const backslash = text.indexOf("\\", start);
  if (text.charCodeAt(start) === QUOTE && (backslash < 0 || backslash >= end)) {
    return text.slice(start + 1, end - 1);
  }
  // A string with escapes, a number, a literal, an object or an array: the span is valid JSON alone.
  return JSON.parse(text.slice(start, end));
}
