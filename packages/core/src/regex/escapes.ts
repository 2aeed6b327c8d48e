import { type CharSet, DIGITS, SPACE, WORD } from "./char-sets.ts";

/**
 * The escapes of a JavaScript pattern without the `u` flag, with Annex B's web-compat readings: `\c`
 * without a control letter, legacy octal (`\0`, and `\N` beyond the group count), identity escapes
 * of any other character (`\q` is `q`).
 */
type EscapeRule = readonly [RegExp, (text: string) => number];
const CONTROLS = "tnvfr";
const hexValue = (text: string): number => Number.parseInt(text.slice(1), 16);
const ESCAPES: readonly EscapeRule[] = [
  [/^[tnvfr]/, (t) => 9 + CONTROLS.indexOf(t)],
  [/^c[A-Za-z]/, (t) => t.charCodeAt(1) % 32],
  [/^x[0-9a-fA-F]{2}/, hexValue],
  [/^u[0-9a-fA-F]{4}/, hexValue],
  // Annex B legacy octal, for `\0` and for `\N` beyond the group count: at most 0o377.
  [/^(?:[0-3][0-7]{0,2}|[4-7][0-7]?)/, (t) => Number.parseInt(t, 8)],
];
/** In a class, `\c` also takes a digit or `_` (Annex B). */
const CLASS_ESCAPES: readonly EscapeRule[] = [[/^c[0-9_]/, (t) => t.charCodeAt(1) % 32], ...ESCAPES];

/**
 * The code unit a one-character escape stands for and how many characters it takes, reading `rest`
 * (the pattern just past the backslash). In a class, `\b` is a backspace.
 */
export function characterEscape(rest: string, inClass: boolean): { unit: number; length: number } {
  const c = rest[0]!;
  if (inClass && c === "b") return { unit: 8, length: 1 };
  for (const [pattern, value] of inClass ? CLASS_ESCAPES : ESCAPES) {
    const m = pattern.exec(rest);
    if (m !== null) return { unit: value(m[0]), length: m[0].length };
  }
  // `\c` with no control letter is a backslash, and the `c` reads on; else an identity escape (`\/`, `\8`).
  return c === "c" ? { unit: 0x5c, length: 0 } : { unit: c.charCodeAt(0), length: 1 };
}

/** The set of `\d`, `\w` or `\s` for `c` in either case, or undefined for another escape. */
export function classEscape(c: string): CharSet | undefined {
  const sets: Record<string, CharSet> = { d: DIGITS, w: WORD, s: SPACE };
  return sets[c.toLowerCase()]; // the upper-case escape is the complement; callers take it
}

/** Capturing groups in the whole pattern, which decide whether `\N` is a backreference or octal. */
export function countGroups(src: string): number {
  let count = 0;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (c === "\\") i++;
    else if (c === "[") {
      for (i++; i < src.length && src[i] !== "]"; i++) if (src[i] === "\\") i++;
    } else if (c === "(" && (src[i + 1] !== "?" || /^\?<[^=!]/.test(src.slice(i + 1, i + 4)))) count++;
  }
  return count;
}
