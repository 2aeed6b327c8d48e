/**
 * Bit sets over stub positions. A dense set is a Uint32Array of ⌈N/32⌉ words plus a summary with one
 * bit per word (set when the word may be non-zero), so a scan over 10,000 stubs touches ~10 summary
 * words before it touches any stub word. A sparse set lists only its non-zero words; the per-key sets
 * of the index are sparse because most keys name a handful of stubs.
 */

export interface DenseSet {
  readonly words: Uint32Array;
  readonly summary: Uint32Array;
}

export interface SparseSet {
  /** Indexes of the non-zero words, ascending. */
  readonly index: Uint32Array;
  /** The word at each of those indexes. */
  readonly bits: Uint32Array;
}

export const wordsFor = (size: number): number => (size + 31) >>> 5;

export function emptyDense(size: number): DenseSet {
  const words = wordsFor(size);
  return { words: new Uint32Array(words), summary: new Uint32Array(wordsFor(words)) };
}

export function addToDense(set: DenseSet, position: number): void {
  const word = position >>> 5;
  set.words[word] = (set.words[word] ?? 0) | (1 << (position & 31));
  set.summary[word >>> 5] = (set.summary[word >>> 5] ?? 0) | (1 << (word & 31));
}

export function denseHas(set: DenseSet, position: number): boolean {
  return ((set.words[position >>> 5] ?? 0) & (1 << (position & 31))) !== 0;
}

/** Builds a sparse set from positions given in ascending order (duplicates allowed). */
export function sparseFrom(ascending: readonly number[]): SparseSet {
  const index: number[] = [];
  const bits: number[] = [];
  for (const position of ascending) {
    const word = position >>> 5;
    const last = index.length - 1;
    if (last >= 0 && index[last] === word) bits[last] = (bits[last] ?? 0) | (1 << (position & 31));
    else {
      index.push(word);
      bits.push(1 << (position & 31));
    }
  }
  return { index: Uint32Array.from(index), bits: Uint32Array.from(bits) };
}

/** ORs a sparse set into a dense one, summary included. */
export function orInto(target: DenseSet, source: SparseSet): void {
  const { words, summary } = target;
  const { index, bits } = source;
  for (let i = 0; i < index.length; i++) {
    const word = index[i]!;
    words[word] = words[word]! | bits[i]!;
    summary[word >>> 5] = summary[word >>> 5]! | (1 << (word & 31));
  }
}

/** Undoes `orInto` for the same source: zeroes every word (and summary word) it may have touched. */
export function clearFrom(target: DenseSet, source: SparseSet): void {
  const { words, summary } = target;
  const { index } = source;
  for (let i = 0; i < index.length; i++) {
    const word = index[i]!;
    words[word] = 0;
    summary[word >>> 5] = 0;
  }
}

/** The word at index `word` of a sparse set (binary search), 0 when absent. */
export function sparseWord(set: SparseSet, word: number): number {
  const { index, bits } = set;
  let low = 0;
  let high = index.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const at = index[mid]!;
    if (at === word) return bits[mid]!;
    if (at < word) low = mid + 1;
    else high = mid - 1;
  }
  return 0;
}

/** Number of non-zero words of a dense set. */
export function nonZeroWords(set: DenseSet): number {
  let count = 0;
  for (const word of set.words) if (word !== 0) count++;
  return count;
}

/** Number of set bits of a 32-bit word. */
export function popcount(word: number): number {
  let v = word >>> 0;
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** Position of the lowest set bit of a non-zero word. */
export const lowestBit = (word: number): number => 31 - Math.clz32(word & -word);

/** Positions of a dense set, ascending; for tests and building, not for the request path. */
export function positionsOf(set: DenseSet): number[] {
  const out: number[] = [];
  set.words.forEach((word, w) => {
    let rest = word;
    while (rest !== 0) {
      const bit = lowestBit(rest);
      out.push(w * 32 + bit);
      rest ^= 1 << bit;
    }
  });
  return out;
}
