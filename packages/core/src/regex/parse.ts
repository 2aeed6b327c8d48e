import { type CharSet, complement, DOT, LINE_TERMINATORS, normalize, type Range } from "./char-sets.ts";
import { characterEscape, classEscape, countGroups } from "./escapes.ts";

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
    const { unit, length } = characterEscape(this.src.slice(this.i), inClass);
    this.i += length;
    return unit;
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
