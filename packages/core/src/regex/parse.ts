import {
  type CharSet,
  complement,
  DIGITS,
  DOT,
  LINE_TERMINATORS,
  normalize,
  type Range,
  SPACE,
  WORD,
} from "./char-sets.ts";

/**
 * A user pattern as JavaScript reads it without the `u` flag (with the web-compat grammar of Annex B:
 * `\1` with no group 1 is an octal escape, a stray `{` or `]` is literal, `\q` is `q`). The pattern must
 * already compile as a RegExp: this parser trusts that and reports only what it has no node for.
 */
export type Node =
  /** `negatedOf` is there when the atom is a complement (`[^…]`, `\W`, `.`): the set it complements. */
  | { readonly kind: "set"; readonly set: CharSet; readonly negatedOf?: CharSet }
  | { readonly kind: "assert"; readonly which: "^" | "$" | "b" | "B" }
  | { readonly kind: "group"; readonly capture: boolean; readonly name?: string; readonly alts: Node[][] }
  | {
      readonly kind: "repeat";
      readonly node: Node;
      readonly min: number;
      readonly max: number;
      readonly lazy: boolean;
    }
  /** Lookaround or a backreference: no linear-time engine runs these. */
  | { readonly kind: "unsupported"; readonly what: string };

const QUANTIFIER = /^\{(\d+)(?:(,)(\d*))?\}/;

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

export function parsePattern(source: string): Node[][] {
  return new Parser(source).parse();
}

class Parser {
  private i = 0;
  private readonly groups: number;
  private readonly named: boolean;

  constructor(private readonly src: string) {
    const names = /\(\?<(?![=!])/.test(src);
    this.named = names;
    this.groups = countGroups(src);
  }

  parse(): Node[][] {
    return this.alternatives();
  }

  private alternatives(): Node[][] {
    const alts: Node[][] = [[]];
    while (this.i < this.src.length && this.src[this.i] !== ")") {
      if (this.src[this.i] === "|") {
        this.i++;
        alts.push([]);
        continue;
      }
      alts[alts.length - 1]!.push(this.quantified(this.atom()));
    }
    return alts;
  }

  private quantified(node: Node): Node {
    const c = this.src[this.i];
    let min: number;
    let max: number;
    if (c === "*" || c === "+" || c === "?") {
      [min, max] = c === "*" ? [0, Infinity] : c === "+" ? [1, Infinity] : [0, 1];
      this.i++;
    } else {
      const m = c === "{" ? QUANTIFIER.exec(this.src.slice(this.i)) : null;
      if (m === null) return node;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === "" ? Infinity : Number(m[3]);
      this.i += m[0].length;
    }
    const lazy = this.src[this.i] === "?";
    if (lazy) this.i++;
    return { kind: "repeat", node, min, max, lazy };
  }

  private atom(): Node {
    const c = this.src[this.i++]!;
    if (c === "^" || c === "$") return { kind: "assert", which: c };
    if (c === ".") return { kind: "set", set: DOT, negatedOf: LINE_TERMINATORS };
    if (c === "[") return this.charClass();
    if (c === "(") return this.group();
    if (c === "\\") return this.escape();
    return single(c.charCodeAt(0));
  }

  private group(): Node {
    let capture = true;
    let name: string | undefined;
    let look: string | undefined;
    if (this.src[this.i] === "?") {
      const head = /^\?(?::|=|!|<=|<!|<([^>]*)>)/.exec(this.src.slice(this.i))!;
      this.i += head[0].length;
      capture = head[1] !== undefined;
      name = head[1];
      if (head[0] !== "?:" && !capture) look = "lookaround (`(?=`, `(?!`, `(?<=`, `(?<!`)";
    }
    const alts = this.alternatives();
    this.i++; // ")"
    if (look !== undefined) return { kind: "unsupported", what: look };
    return name === undefined ? { kind: "group", capture, alts } : { kind: "group", capture, name, alts };
  }

  private escape(): Node {
    const c = this.src[this.i]!;
    if (c === "b" || c === "B") {
      this.i++;
      return { kind: "assert", which: c };
    }
    if (c === "k" && this.named) {
      this.i += /^k<[^>]*>/.exec(this.src.slice(this.i))![0].length;
      return { kind: "unsupported", what: "a backreference" };
    }
    if (c >= "1" && c <= "9") {
      const digits = /^\d+/.exec(this.src.slice(this.i))![0];
      if (Number(digits) <= this.groups) {
        this.i += digits.length;
        return { kind: "unsupported", what: "a backreference" };
      }
    }
    const set = classEscape(c);
    if (set !== undefined) {
      this.i++;
      return c === c.toLowerCase()
        ? { kind: "set", set }
        : { kind: "set", set: complement(set), negatedOf: set };
    }
    return single(this.characterEscape(false));
  }

  /** The code unit of an escape that stands for one character; `i` is just past the backslash. */
  private characterEscape(inClass: boolean): number {
    const rest = this.src.slice(this.i);
    const c = rest[0]!;
    if (inClass && c === "b") {
      this.i++;
      return 8; // backspace
    }
    for (const [pattern, value] of inClass ? CLASS_ESCAPES : ESCAPES) {
      const m = pattern.exec(rest);
      if (m !== null) {
        this.i += m[0].length;
        return value(m[0]);
      }
    }
    if (c === "c") return 0x5c; // `\c` with no control letter is a backslash, and the `c` reads on
    this.i++;
    return c.charCodeAt(0); // an identity escape: `\/`, `\.`, `\q`, `\8`
  }

  private charClass(): Node {
    const negated = this.src[this.i] === "^";
    if (negated) this.i++;
    const ranges: Range[] = [];
    while (this.src[this.i] !== "]") {
      const from = this.classAtom();
      if (this.src[this.i] === "-" && this.src[this.i + 1] !== "]" && typeof from === "number") {
        const save = this.i++;
        const to = this.classAtom();
        if (typeof to === "number") {
          ranges.push([from, to]);
          continue;
        }
        this.i = save; // `[a-\d]` is a, `-` and the digits (Annex B)
      }
      if (typeof from === "number") ranges.push([from, from]);
      else ranges.push(...from);
    }
    this.i++;
    const set = normalize(ranges);
    return negated ? { kind: "set", set: complement(set), negatedOf: set } : { kind: "set", set };
  }

  private classAtom(): number | CharSet {
    const c = this.src[this.i++]!;
    if (c !== "\\") return c.charCodeAt(0);
    const e = this.src[this.i]!;
    const set = classEscape(e);
    if (set === undefined) return this.characterEscape(true);
    this.i++;
    return e === e.toLowerCase() ? set : complement(set);
  }
}

function single(unit: number): Node {
  return { kind: "set", set: [[unit, unit]] };
}

/** The set of `\d`, `\w` or `\s` for `c` in either case, or undefined for another escape. */
function classEscape(c: string): CharSet | undefined {
  const sets: Record<string, CharSet> = { d: DIGITS, w: WORD, s: SPACE };
  return sets[c.toLowerCase()]; // the upper-case escape is the complement; callers take it
}

/** Capturing groups in the whole pattern, which decide whether `\N` is a backreference or octal. */
function countGroups(src: string): number {
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
