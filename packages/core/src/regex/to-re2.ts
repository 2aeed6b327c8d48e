import type { CharSet } from "./char-sets.ts";
import type { Node } from "./parse.ts";

/** RE2's own bound on `{n,m}` (RE2::Options' max repeat); JavaScript has none. */
const MAX_REPEAT = 1000;

/** What the linear engine cannot run; the message ends up in the 400 that refuses the pattern. */
export class UnsupportedPattern extends Error {
  constructor(readonly feature: string) {
    super(`regular expressions run in linear time here, which rules out ${feature}`);
  }
}

/**
 * RE2 syntax for a parsed JavaScript pattern, meaning the same thing. Every character atom is written
 * as an explicit class of code-unit ranges, so RE2's own readings of `.`, `\s` or `\w` never apply:
 * JavaScript's sets (char-sets.ts) do. A set that holds both surrogate halves also takes every astral
 * code point, because RE2 reads a surrogate pair as one character where JavaScript (no `u`) sees two.
 */
export function toRe2(alts: readonly (readonly Node[])[]): string {
  return alts.map(sequence).join("|");
}

/** A literal astral character is two units in the pattern and one character to RE2: join them back. */
function sequence(seq: readonly Node[]): string {
  let out = "";
  for (let k = 0; k < seq.length; k++) {
    const high = unitOf(seq[k]!);
    const low = seq[k + 1] === undefined ? undefined : unitOf(seq[k + 1]!);
    if (high !== undefined && low !== undefined && isHigh(high) && low >= 0xdc00 && low <= 0xdfff) {
      out += hex(((high - 0xd800) << 10) + (low - 0xdc00) + 0x10000);
      k++;
    } else out += node(seq[k]!);
  }
  return out;
}

const isHigh = (unit: number): boolean => unit >= 0xd800 && unit <= 0xdbff;

function unitOf(n: Node): number | undefined {
  if (n.kind !== "set" || n.set.length !== 1) return undefined;
  const [lo, hi] = n.set[0]!;
  return lo === hi ? lo : undefined;
}

function node(n: Node): string {
  switch (n.kind) {
    case "set":
      // RE2 folds case before it negates, as JavaScript's `i` does: `[^a]` refuses `A` in both.
      return n.negatedOf !== undefined && n.negatedOf.length > 0
        ? `[^${ranges(n.negatedOf)}]`
        : charClass(n.set);
    case "assert":
      return n.which === "^" || n.which === "$" ? n.which : `\\${n.which}`;
    case "group":
      // A name is dropped: matches are read by position, and RE2 takes fewer names than JavaScript (`$`).
      return `(${n.capture ? "" : "?:"}${toRe2(n.alts)})`;
    case "repeat":
      return `${repeated(n.node)}${quantifier(n.min, n.max)}${n.lazy ? "?" : ""}`;
    case "unsupported":
      throw new UnsupportedPattern(n.what);
  }
}

function repeated(inner: Node): string {
  // A quantified assertion (`^*`) is not RE2 syntax; a group around it is, with the same meaning.
  return inner.kind === "assert" ? `(?:${node(inner)})` : node(inner);
}

function quantifier(min: number, max: number): string {
  if (min > MAX_REPEAT || (max !== Infinity && max > MAX_REPEAT)) {
    throw new UnsupportedPattern(
      `a repetition count above ${MAX_REPEAT} (outside a plain anchored sequence)`,
    );
  }
  if (max === Infinity) return min === 0 ? "*" : min === 1 ? "+" : `{${min},}`;
  if (min === 0 && max === 1) return "?";
  return min === max ? `{${min}}` : `{${min},${max}}`;
}

const hex = (unit: number): string => `\\x{${unit.toString(16)}}`;

function charClass(set: CharSet): string {
  if (set.length === 0) return "[^\\x{0}-\\x{10ffff}]";
  const [only] = set;
  if (set.length === 1 && only![0] === only![1]) {
    const c = String.fromCharCode(only![0]);
    if (/^[A-Za-z0-9 _\-/:,;=@#%&'"<>!~`]$/.test(c)) return c;
  }
  const holds = (unit: number) => set.some(([lo, hi]) => lo <= unit && unit <= hi);
  const astral = holds(0xd800) && holds(0xdc00) ? `${hex(0x10000)}-${hex(0x10ffff)}` : "";
  return `[${ranges(set)}${astral}]`;
}

function ranges(set: CharSet): string {
  return set.map(([lo, hi]) => (lo === hi ? hex(lo) : `${hex(lo)}-${hex(hi)}`)).join("");
}
