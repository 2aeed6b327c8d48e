import { type DenseSet, nonZeroWords, type SparseSet, sparseFrom } from "./bitset.ts";
import { type FieldTarget, type LiteralAlternative, type LiteralRelation, literalId } from "./constraints.ts";
import type { RequestScan } from "./request-scan.ts";
import type { Dimension, Slot } from "./slot.ts";

/** Children and positions are created on first use: most nodes of a large trie have one child, no stubs. */
interface TrieNode {
  next: Map<number, TrieNode> | undefined;
  set: SparseSet | undefined;
  positions: number[] | undefined;
}

const node = (): TrieNode => ({ next: undefined, set: undefined, positions: undefined });

/**
 * Path literals from `startsWith`, `endsWith`, `contains` and the required literals of `matches` regexes;
 * or, with a `target`, the literals of those operators on one header or query name, walked over each of
 * the request's values for it (field-literals.ts).
 * Three tries: prefixes walked from the first character, suffixes (stored reversed) walked from the last,
 * and infixes walked from every character. Every node passed on a walk is a literal the path holds in
 * that relation, so its stubs are added. A path of length L costs O(L) for prefixes and suffixes and
 * O(L × depth) for infixes.
 */
export class LiteralDimension implements Dimension {
  readonly id: string;
  readonly cost = 3;
  readonly unconstrainedWords: number;
  private readonly tries: Record<LiteralRelation, TrieNode | undefined> = {
    prefix: undefined,
    suffix: undefined,
    contains: undefined,
  };

  constructor(
    private readonly fold: boolean,
    stubs: ReadonlyArray<{ position: number; alternatives: readonly LiteralAlternative[] }>,
    readonly unconstrained: DenseSet,
    private readonly target?: FieldTarget,
  ) {
    this.id = literalId(fold, target);
    this.unconstrainedWords = nonZeroWords(unconstrained);
    for (const { position, alternatives } of stubs) {
      for (const { relation, text } of alternatives) this.insert(relation, text, position);
    }
    for (const root of Object.values(this.tries)) if (root) seal(root);
  }

  private insert(relation: LiteralRelation, text: string, position: number): void {
    let at = this.tries[relation] ?? node();
    this.tries[relation] = at;
    const reversed = relation === "suffix";
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(reversed ? text.length - 1 - i : i);
      at.next ??= new Map();
      let child = at.next.get(code);
      if (child === undefined) {
        child = node();
        at.next.set(code, child);
      }
      at = child;
    }
    at.positions ??= [];
    at.positions.push(position);
  }

  collect(scan: RequestScan, slot: Slot): boolean {
    if (this.target === undefined) {
      this.walkAll(this.fold ? scan.foldedPath() : scan.request.path, slot);
      return true;
    }
    const texts = scan.fieldTexts(this.target, this.fold);
    if (texts === undefined) return false;
    if (typeof texts === "string") this.walkAll(texts, slot);
    else for (const text of texts) this.walkAll(text, slot);
    return true;
  }

  private walkAll(path: string, slot: Slot): void {
    const { prefix, suffix, contains } = this.tries;
    if (prefix) walk(prefix, path, 0, 1, slot);
    if (suffix) walk(suffix, path, path.length - 1, -1, slot);
    if (contains) for (let i = 0; i < path.length; i++) walk(contains, path, i, 1, slot);
  }
}

function walk(root: TrieNode, text: string, from: number, step: 1 | -1, slot: Slot): void {
  let at: TrieNode | undefined = root;
  for (let i = from; i >= 0 && i < text.length; i += step) {
    at = at.next?.get(text.charCodeAt(i));
    if (at === undefined) return;
    slot.add(at.set);
  }
}

function seal(root: TrieNode): void {
  const stack = [root];
  for (let at = stack.pop(); at !== undefined; at = stack.pop()) {
    // Positions arrive in ascending order; an OR of literals may repeat one.
    if (at.positions) at.set = sparseFrom(at.positions);
    at.positions = undefined;
    if (at.next) for (const child of at.next.values()) stack.push(child);
  }
}
