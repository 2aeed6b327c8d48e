import { type DenseSet, lowestBit, popcount } from "./bitset.ts";
import type { RequestScan } from "./request-scan.ts";
import { type Dimension, Slot } from "./slot.ts";

/** Dimensions up to this cost are settled before the costlier ones (body parsing, selectors) run. */
const CHEAP = 3;
/** A cheap dimension this large (in words) is not worth materializing before the costly ones are known. */
const LARGE = 64;

/**
 * The reusable per-request state of one index. Stage 1 collects, per dimension, the stubs the request's
 * attribute matches, then intersects `matched ∪ unconstrained` over dimensions: the most selective
 * dimension is materialized as a dense set, and others too while they are small next to the remaining
 * candidates; the rest are probed per candidate word. A cursor then walks the intersection lazily in
 * ascending position, so a request whose first candidate matches never computes the rest.
 */
export class Candidates {
  private readonly slots: Slot[];
  private readonly summary: Uint32Array;
  private readonly pending: Int32Array;
  private readonly estimate: Float64Array;
  private readonly dense: Int32Array;
  private readonly lazy: Int32Array;
  private pendingCount = 0;
  private denseCount = 0;
  private lazyCount = 0;
  /** Words that may hold candidates, per the summary. */
  private live = 0;
  // Cursor state: summary word, its remaining bits, current stub word and its remaining bits.
  private s = 0;
  private summaryBits = 0;
  private w = 0;
  private bits = 0;

  /**
   * @param slack a dimension beyond the first is materialized when its words are at most twice the
   *   live candidate words plus this; tests pass a very negative slack to exercise the probing path.
   */
  constructor(
    private readonly dimensions: readonly Dimension[],
    private readonly all: DenseSet,
    private readonly slack = 16,
  ) {
    const n = dimensions.length;
    this.slots = dimensions.map(() => new Slot(all.words.length * 32));
    this.summary = new Uint32Array(all.summary.length);
    this.pending = new Int32Array(n);
    this.estimate = new Float64Array(n);
    this.dense = new Int32Array(n);
    this.lazy = new Int32Array(n);
  }

  /** Computes stage 1 for a request. Returns false when no stub can match. */
  start(scan: RequestScan): boolean {
    this.summary.set(this.all.summary);
    this.live = this.all.words.length;
    this.pendingCount = this.denseCount = this.lazyCount = 0;
    let cheapSettled = false;
    let smallest = Number.POSITIVE_INFINITY;
    for (let d = 0; d < this.dimensions.length; d++) {
      const dimension = this.dimensions[d]!;
      if (!cheapSettled && dimension.cost > CHEAP) {
        cheapSettled = true;
        if (smallest <= LARGE && !this.settle()) return false;
      }
      const slot = this.slots[d]!;
      if (!collects(dimension, scan, slot)) continue;
      const estimate = slot.words + dimension.unconstrainedWords;
      if (estimate === 0) return false;
      smallest = Math.min(smallest, estimate);
      this.estimate[this.pendingCount] = estimate;
      this.pending[this.pendingCount++] = d;
    }
    if (!this.settle()) return false;
    this.s = 0;
    this.summaryBits = this.summary[0] ?? 0;
    this.bits = 0;
    return true;
  }

  /** Decides, most selective first, which pending dimensions to materialize. False when none can match. */
  private settle(): boolean {
    sortByEstimate(this.pending, this.estimate, this.pendingCount);
    for (let i = 0; i < this.pendingCount; i++) {
      const d = this.pending[i]!;
      const slot = this.slots[d]!;
      if (this.denseCount > 0 && slot.words > 2 * this.live + this.slack) {
        this.lazy[this.lazyCount++] = d;
        continue;
      }
      slot.materialize();
      this.dense[this.denseCount++] = d;
      if (!this.intersect(slot, this.dimensions[d]!)) return false;
    }
    this.pendingCount = 0;
    return true;
  }

  private intersect(slot: Slot, dimension: Dimension): boolean {
    const summary = this.summary;
    const matched = slot.matched.summary;
    const free = dimension.unconstrained.summary;
    let live = 0;
    for (let i = 0; i < summary.length; i++) {
      const word = summary[i]! & (matched[i]! | free[i]!);
      summary[i] = word;
      live += popcount(word);
    }
    this.live = live;
    return live > 0;
  }

  /** The next candidate position in ascending order, or -1. */
  next(): number {
    while (this.bits === 0) {
      while (this.summaryBits === 0) {
        if (++this.s >= this.summary.length) return -1;
        this.summaryBits = this.summary[this.s]!;
      }
      const bit = lowestBit(this.summaryBits);
      this.summaryBits ^= 1 << bit;
      this.w = this.s * 32 + bit;
      this.bits = this.wordAt(this.w);
    }
    const bit = lowestBit(this.bits);
    this.bits ^= 1 << bit;
    return this.w * 32 + bit;
  }

  private wordAt(w: number): number {
    let word = this.all.words[w]!;
    for (let k = 0; k < this.denseCount && word !== 0; k++) {
      const d = this.dense[k]!;
      word &=
        (this.slots[d] as Slot).matched.words[w]! | (this.dimensions[d] as Dimension).unconstrained.words[w]!;
    }
    for (let k = 0; k < this.lazyCount && word !== 0; k++) {
      const d = this.lazy[k]!;
      const free = (this.dimensions[d] as Dimension).unconstrained.words[w]!;
      if ((word & ~free) !== 0) word &= (this.slots[d] as Slot).wordAt(w) | free;
    }
    return word;
  }

  /** Resets every slot; must follow each `start`, including one that returned false or threw. */
  finish(): void {
    for (const slot of this.slots) slot.clear();
    this.summaryBits = 0;
    this.bits = 0;
    this.s = this.summary.length;
  }
}

/**
 * A dimension that fails to read the request (say, a body nested too deeply to rebuild) judges nothing:
 * the linear scan might answer from an earlier stub without ever reading that field.
 */
function collects(dimension: Dimension, scan: RequestScan, slot: Slot): boolean {
  try {
    return dimension.collect(scan, slot);
  } catch {
    return false;
  }
}

/** Insertion sort of the first `count` dimension ids by estimate; a handful of entries, no allocation. */
function sortByEstimate(ids: Int32Array, estimates: Float64Array, count: number): void {
  for (let i = 1; i < count; i++) {
    const id = ids[i]!;
    const estimate = estimates[i]!;
    let j = i - 1;
    while (j >= 0 && estimates[j]! > estimate) {
      ids[j + 1] = ids[j]!;
      estimates[j + 1] = estimates[j]!;
      j--;
    }
    ids[j + 1] = id;
    estimates[j + 1] = estimate;
  }
}
