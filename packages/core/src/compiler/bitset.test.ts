import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addToDense,
  clearFrom,
  denseHas,
  emptyDense,
  lowestBit,
  orInto,
  positionsOf,
  sparseFrom,
} from "./bitset.ts";

describe("bit sets", () => {
  it.each([
    [1, 0],
    [0b1000, 3],
    [0x80000000, 31],
    [-2147483648, 31],
    [0xffffffff, 0],
  ])("lowestBit(%i) is %i", (word, bit) => {
    expect(lowestBit(word)).toBe(bit);
  });

  it("round-trips positions through sparse, dense and back, and clears to zero", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.nat(3000), { maxLength: 200 }), (raw) => {
        const positions = [...raw].sort((a, b) => a - b);
        const dense = emptyDense(3001);
        const sparse = sparseFrom(positions);
        orInto(dense, sparse);
        expect(positionsOf(dense)).toEqual(positions);
        for (const p of positions) expect(denseHas(dense, p)).toBe(true);
        for (let w = 0; w < dense.words.length; w++) {
          const flagged = (dense.summary[w >>> 5]! & (1 << (w & 31))) !== 0;
          if (dense.words[w] !== 0) expect(flagged).toBe(true);
        }
        clearFrom(dense, sparse);
        expect(dense.words.every((w) => w === 0)).toBe(true);
        expect(dense.summary.every((w) => w === 0)).toBe(true);
      }),
    );
  });

  it("marks the summary bit of each word it sets", () => {
    const dense = emptyDense(70_000);
    addToDense(dense, 69_999);
    expect(positionsOf(dense)).toEqual([69_999]);
    expect(dense.summary[Math.floor(69_999 / 32 / 32)]).not.toBe(0);
  });
});
