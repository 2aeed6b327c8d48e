import { BACKSLASH, CLOSE_BRACE, CLOSE_BRACKET, OPEN_BRACE, OPEN_BRACKET, QUOTE } from "./json-lexer.ts";

/**
 * How deep a request's JSON or XML may nest and still be read as a tree. Every walk over a parsed body
 * (folding, `equals` and `deepEquals`, selectors, `Array#toString`) recurses once or more per level, so
 * a body nested 200,000 levels deep would overflow the stack. Mountebank's own `tryJSON` catches that
 * overflow and keeps the text as it came (its limit is wherever its stack ends); here the limit is
 * this fixed number, far below the depth where workerd's stack ends (above 1,000 in our walks), far
 * above any real document. Deeper JSON is text, deeper XML holds no node. The text scanners' own
 * caps (json-scan.ts, forced-text.ts: 200) sit below it, so they decline before it applies.
 */
export const MAX_BODY_DEPTH = 256;

/** JSON.parse of a text, or undefined when it is not JSON or nests deeper than MAX_BODY_DEPTH. */
export function parseJsonBody(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return jsonTextDeeperThan(text, MAX_BODY_DEPTH) ? undefined : value;
}

/**
 * Whether a valid JSON text opens more than `max` arrays or objects inside each other. One loop, no
 * recursion and no tree; texts too short to nest that deep (each level takes two characters) are not
 * read at all, which is every body of the benchmarks.
 */
export function jsonTextDeeperThan(text: string, max: number): boolean {
  if (text.length <= 2 * max) return false;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) i = closingQuote(text, i);
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth++;
      if (depth > max) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
  }
  return false;
}

/** The index of the quote that closes the string opened at `open` (the text's length if none does). */
function closingQuote(text: string, open: number): number {
  for (let at = text.indexOf('"', open + 1); at > 0; at = text.indexOf('"', at + 1)) {
    let escapes = 0;
    while (text.charCodeAt(at - 1 - escapes) === BACKSLASH) escapes++;
    if (escapes % 2 === 0) return at;
  }
  return text.length;
}

/**
 * The nesting depth of a value's arrays and objects (a scalar is 0, `[]` is 1, `{"a":[]}` is 2),
 * counted without recursion; stops counting once past `max` and answers `max + 1`.
 */
export function valueDepth(value: unknown, max: number): number {
  let deepest = 0;
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    if (typeof top.value !== "object" || top.value === null) continue;
    const depth = top.depth + 1;
    if (depth > max) return max + 1;
    if (depth > deepest) deepest = depth;
    for (const child of Object.values(top.value)) {
      if (typeof child === "object" && child !== null) stack.push({ value: child, depth });
    }
  }
  return deepest;
}
