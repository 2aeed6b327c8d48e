import { median } from "./median.ts";

/** How sure an interval is: the share of resampled ratios it holds. */
export const INTERVAL_LEVEL = 0.9;

/** INTERVAL_LEVEL as the reports name it: `90%`. */
export const INTERVAL_LABEL = `${Math.round(INTERVAL_LEVEL * 100)}%`;

/** Fewer rounds than this give no interval: a median of four resampled values takes too few distinct values. */
export const INTERVAL_MIN_ROUNDS = 5;

const RESAMPLES = 2_000;

export interface Interval {
  low: number;
  high: number;
}

/**
 * Marsaglia's xorshift32 from a fixed seed: the same rounds always give the same interval, so RESULTS.md
 * rendered again from results.json reads as it did, and a test can hold the bounds.
 */
function xorshift(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 0x1_0000_0000;
  };
}

/**
 * A bootstrap interval for the ratio of medians, median(over) ÷ median(under), of runs loaded in the same
 * rounds: rounds are drawn with replacement, a round's two runs together, and the ratio is taken of each
 * draw; the interval is the middle INTERVAL_LEVEL of those ratios. On this shared host one round's rate moves
 * by up to 2× from the next (BODY-PROFILE.md, sections 39–41), so a ratio read from five rounds can sit on
 * either side of a target it truly clears or misses; the interval says how far this run's reading could
 * move. Undefined for fewer than INTERVAL_MIN_ROUNDS pairs.
 */
export function ratioInterval(
  over: readonly number[],
  under: readonly number[],
  level = INTERVAL_LEVEL,
): Interval | undefined {
  const rounds = Math.min(over.length, under.length);
  if (rounds < INTERVAL_MIN_ROUNDS) return undefined;
  const random = xorshift(0x9e3779b9);
  const ratios: number[] = [];
  const top: number[] = new Array(rounds);
  const bottom: number[] = new Array(rounds);
  for (let draw = 0; draw < RESAMPLES; draw++) {
    for (let i = 0; i < rounds; i++) {
      const round = Math.floor(random() * rounds);
      top[i] = over[round]!;
      bottom[i] = under[round]!;
    }
    ratios.push(median(top) / median(bottom));
  }
  ratios.sort((a, b) => a - b);
  const tail = (1 - level) / 2;
  return {
    low: ratios[Math.floor(tail * (RESAMPLES - 1))]!,
    high: ratios[Math.ceil((1 - tail) * (RESAMPLES - 1))]!,
  };
}
