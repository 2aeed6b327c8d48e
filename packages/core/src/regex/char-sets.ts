/**
 * Sets of UTF-16 code units as sorted, disjoint, inclusive ranges: the one representation every
 * character atom of a user pattern takes (`a`, `[^a-z]`, `\d`, `.`), so the RE2 translation and the
 * V8 safety check read the same facts. The sets are JavaScript's without the `u` flag, as Mountebank
 * compiles every pattern: `\s` is ECMAScript white space plus line terminators, `.` excludes only the
 * four line terminators.
 */
export type Range = readonly [number, number];
export type CharSet = readonly Range[];

export const MAX_UNIT = 0xffff;

export const DIGITS: CharSet = [[0x30, 0x39]];
export const WORD: CharSet = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
];
export const SPACE: CharSet = normalize([
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
]);
export const LINE_TERMINATORS: CharSet = normalize([
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
]);
export const DOT: CharSet = complement(LINE_TERMINATORS);
export const ANY: CharSet = [[0, MAX_UNIT]];

/** Sorts and merges ranges that overlap or touch. */
export function normalize(ranges: readonly Range[]): CharSet {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [lo, hi] of sorted) {
    const last = merged[merged.length - 1];
    if (last !== undefined && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else merged.push([lo, hi]);
  }
  return merged;
}

export function complement(set: CharSet): CharSet {
  const out: Range[] = [];
  let next = 0;
  for (const [lo, hi] of set) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= MAX_UNIT) out.push([next, MAX_UNIT]);
  return out;
}

export function intersects(a: CharSet, b: CharSet): boolean {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const [alo, ahi] = a[i]!;
    const [blo, bhi] = b[j]!;
    if (alo <= bhi && blo <= ahi) return true;
    if (ahi < bhi) i++;
    else j++;
  }
  return false;
}

/**
 * An over-approximation of what a set matches under the `i` flag, for the safety check only: ASCII
 * letters gain their other case, and a set holding any non-ASCII unit is taken to hold all of them
 * (case mapping outside ASCII is not worth modelling where being too wide only costs speed).
 */
export function foldWide(set: CharSet): CharSet {
  const extra: Range[] = [];
  for (const [lo, hi] of set) {
    for (const [from, to, shift] of [
      [0x41, 0x5a, 0x20],
      [0x61, 0x7a, -0x20],
    ] as const) {
      const a = Math.max(lo, from);
      const b = Math.min(hi, to);
      if (a <= b) extra.push([a + shift, b + shift]);
    }
    if (hi >= 0x80) extra.push([0x80, MAX_UNIT]);
  }
  return normalize([...set, ...extra]);
}
