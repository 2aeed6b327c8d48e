import { clearFrom, type DenseSet, emptyDense, orInto, type SparseSet, sparseWord } from "./bitset.ts";
import type { RequestScan } from "./request-scan.ts";

/**
 * Per-request scratch space of one dimension: the sparse sets of stubs the request's attribute matched.
 * They are either materialized into a dense set (O(1) per word afterwards, but filling and clearing it
 * costs as many words as the sets hold) or left lazy and probed by binary search for each candidate
 * word, which is cheaper when the sets are large and the other dimensions leave few candidates.
 * Reused across requests; `clear` undoes exactly what materializing did.
 */
export class Slot {
  readonly matched: DenseSet;
  private readonly sets: SparseSet[] = [];
  private count = 0;
  /** Non-zero words over all collected sets: the cost of materializing. */
  words = 0;
  materialized = false;

  constructor(size: number) {
    this.matched = emptyDense(size);
  }

  add(set: SparseSet | undefined): void {
    if (set === undefined) return;
    this.sets[this.count++] = set;
    this.words += set.index.length;
  }

  materialize(): void {
    for (let i = 0; i < this.count; i++) orInto(this.matched, this.sets[i]!);
    this.materialized = true;
  }

  /** The matched stubs of word `w`. */
  wordAt(w: number): number {
    if (this.materialized) return this.matched.words[w]!;
    let word = 0;
    for (let i = 0; i < this.count; i++) word |= sparseWord(this.sets[i]!, w);
    return word;
  }

  clear(): void {
    if (this.materialized) for (let i = 0; i < this.count; i++) clearFrom(this.matched, this.sets[i]!);
    this.count = 0;
    this.words = 0;
    this.materialized = false;
  }
}

/** A dimension of the index: the stubs it cannot judge, and how a request selects the stubs it matches. */
export interface Dimension {
  readonly id: string;
  /** Stubs that do not constrain this dimension (or constrain it in a way it cannot index). */
  readonly unconstrained: DenseSet;
  /** Non-zero words of `unconstrained`. */
  readonly unconstrainedWords: number;
  /** Rough per-request cost of `collect`: cheap dimensions are looked at first. */
  readonly cost: number;
  /**
   * Adds to `slot` every stub whose constraint the request satisfies. Returns false when the request
   * cannot be judged on this dimension, which then excludes nothing for this request.
   */
  collect(scan: RequestScan, slot: Slot): boolean;
}
