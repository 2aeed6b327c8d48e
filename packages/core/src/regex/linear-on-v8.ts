import { type CharSet, foldWide, intersects, LINE_TERMINATORS } from "./char-sets.ts";
import type { Node } from "./parse.ts";

/**
 * Above this many characters per attempt, a fixed-length unanchored pattern goes to the linear engine:
 * V8 may compare up to this many characters at each start position of the input.
 */
const MAX_FIXED_WIDTH = 64;

interface Item {
  /** The atom's set, widened under `i`. */
  readonly set: CharSet;
  /** Whether it can match a line terminator (case folding never maps one to anything else). */
  readonly crossesLines: boolean;
  readonly min: number;
  readonly max: number;
}

/**
 * True when V8's backtracking engine provably runs the pattern in time linear in the input, so it may
 * keep V8's speed. Only two shapes qualify, both a plain sequence of character atoms (no group, no
 * alternation, no lookaround, no `\b`):
 *
 * - Anchored by a leading `^`: V8 then tries position 0 only. Each atom whose count may vary must be
 *   the last one, or be followed by an atom that must match at least once and shares no character with
 *   it (or by a final `$`). Backtracking into a variable atom then hands back only characters that the
 *   next atom refuses at once, so every input character is looked at a bounded number of times:
 *   `^/items/[a-z]+-\d+$` qualifies, `^(a+)+$`, `^a*a*$` and `^\d+\w+$` do not.
 * - Unanchored, every atom of fixed count, at most 64 characters wide: each start position costs at
 *   most that many steps (`/users/`, `"id":\d\d`).
 * - With the `m` flag, `^` holds at every line start, so only the anchored shape qualifies, and only when
 *   no atom can match a line terminator: each attempt then stays on its own line (`^Host: (.*)$`
 *   without the group, Mountebank's multiline copy selectors).
 *
 * Under the `i` flag the sets are widened before they are compared (char-sets.ts `foldWide`).
 */
export function linearOnV8(alts: readonly (readonly Node[])[], flags: string): boolean {
  if (alts.length !== 1) return false;
  const seq = alts[0]!;
  const anchored = seq[0]?.kind === "assert" && seq[0].which === "^";
  const start = anchored ? 1 : 0;
  const endAnchored = seq.length > start && isDollar(seq.at(-1));
  const body = seq.slice(start, endAnchored ? -1 : undefined);
  const items = sequenceItems(body, flags.includes("i"));
  if (items === undefined) return false;
  if (flags.includes("m") && (!anchored || items.some((x) => x.crossesLines))) return false;
  if (!anchored) return items.every((x) => x.min === x.max) && width(items) <= MAX_FIXED_WIDTH;
  return items.every((item, k) => item.min === item.max || followsDisjoint(item, items[k + 1]));
}

function isDollar(n: Node | undefined): boolean {
  return n?.kind === "assert" && n.which === "$";
}

function followsDisjoint(item: Item, next: Item | undefined): boolean {
  return next === undefined || (next.min >= 1 && !intersects(item.set, next.set));
}

function width(items: readonly Item[]): number {
  return items.reduce((sum, x) => sum + x.min, 0);
}

/** The atoms as (set, min, max), or undefined when anything else (a group, an assertion) is there. */
function sequenceItems(body: readonly Node[], fold: boolean): Item[] | undefined {
  const items: Item[] = [];
  for (const n of body) {
    const atom = n.kind === "repeat" ? n.node : n;
    if (atom.kind !== "set") return undefined;
    const set = fold ? foldWide(atom.set) : atom.set;
    const crossesLines = intersects(atom.set, LINE_TERMINATORS);
    const [min, max] = n.kind === "repeat" ? [n.min, n.max] : [1, 1];
    items.push({ set, crossesLines, min, max });
  }
  return items;
}
