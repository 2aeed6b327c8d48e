import type { RE2JS } from "re2js";
import { requiredLiteral } from "../compiler/regex-literal.ts";

/** A user pattern ready to run, on whichever engine user-regex.ts chose for it. */
export interface UserRegex {
  /** "v8" when V8 may run it (proven linear), "re2" for the linear engine. */
  readonly engine: "v8" | "re2";
  test(text: string): boolean;
  /** RegExp#exec's array: the whole match, then each group (undefined when it took no part). */
  exec(text: string): (string | undefined)[] | null;
  /** The text with every match removed, as `text.replace(/source/g, "")`. */
  removeAll(text: string): string;
}

/** Characters of the required literal searched before the automaton runs. */
const MAX_LITERAL = 64;

// Classes rather than closures: one call site in the evaluator then sees two shapes, not a closure
// per pattern, which kept V8 from inlining (the 100-pattern body scenario ran 13% slower that way).
export class NativeRegex implements UserRegex {
  readonly engine = "v8";
  private readonly global: RegExp;

  constructor(private readonly native: RegExp) {
    this.global = new RegExp(native.source, `${native.flags}g`);
  }

  test(text: string): boolean {
    return this.native.test(text);
  }

  exec(text: string): (string | undefined)[] | null {
    return this.native.exec(text);
  }

  removeAll(text: string): string {
    return text.replace(this.global, "");
  }
}

export class LinearRegex implements UserRegex {
  readonly engine = "re2";
  private readonly literal: string | undefined;
  private readonly foldedLiteral: RegExp | undefined;

  /**
   * A necessary condition for a match is kept beside the automaton: the input holds the literal every
   * match contains (the route index's own extraction, ASCII only, so folding it is exact under `i`).
   * Searching a literal is linear, and it answers most non-matching inputs without running RE2.
   */
  constructor(
    private readonly re2: RE2JS,
    source: string,
    flags: string,
  ) {
    // A prefix of the literal is required too; a short one keeps the search's worst case small.
    const literal = flags.includes("m") ? undefined : requiredLiteral(source)?.text.slice(0, MAX_LITERAL);
    const folds = flags.includes("i") && literal !== undefined && /[A-Za-z]/.test(literal);
    this.literal = literal === "" ? undefined : literal;
    this.foldedLiteral = folds
      ? new RegExp(literal.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&"), "i")
      : undefined;
  }

  private mayMatch(text: string): boolean {
    if (this.foldedLiteral !== undefined) return this.foldedLiteral.test(text);
    return this.literal === undefined || text.includes(this.literal);
  }

  test(text: string): boolean {
    return this.mayMatch(text) && this.re2.test(text);
  }

  exec(text: string): (string | undefined)[] | null {
    return this.mayMatch(text) ? (this.re2.exec(text) as (string | undefined)[] | null) : null;
  }

  removeAll(text: string): string {
    return this.mayMatch(text) ? this.re2.matcher(text).replaceAll("") : text;
  }
}
