/**
 * Timing helpers. The machine is shared, so a busy spell can slow everything for a second or two. Cells
 * (one operation each) are therefore measured in interleaved rounds: every round takes one sample of
 * every cell, in a shuffled order, and a cell's figure is the median of its samples over the rounds. A
 * busy spell then costs each cell at most a sample or two instead of skewing the cells measured
 * during it; comparisons between cells (the targets) hold up even when absolute numbers drift.
 */
import process from "node:process";

export interface Timing {
  /** Median microseconds per operation. */
  readonly micros: number;
  /** Samples (rounds) the median is taken over. */
  readonly runs: number;
  /** Operations per sample. */
  readonly iterations: number;
  /** Fewer rounds than asked for, because the cell's time budget ran out. */
  readonly bounded: boolean;
}

/** One operation to time; `samples` collects microseconds per operation, one per round. */
export interface Cell {
  readonly op: () => number;
  /** Each sample repeats the operation until it lasts at least this long. */
  readonly minSampleMs: number;
  /** Total time this cell may take over all rounds; slow cells (linear scans of 10,000) stop early. */
  readonly budgetMs: number;
  iterations: number;
  spentMs: number;
  readonly samples: number[];
}

let sink = 0;

/** Keeps results alive so the JIT cannot drop the work. */
export const consumed = (): number => sink;

export function cell(op: () => number, minSampleMs: number, budgetMs: number): Cell {
  return { op, minSampleMs, budgetMs, iterations: 0, spentMs: 0, samples: [] };
}

/** Warms a cell up (JIT, caches) and sizes its samples. */
export function calibrate(target: Cell, warmMs: number): void {
  let warmed = 0;
  for (let i = 0; i < 2_000 && warmed < warmMs; i++) warmed += elapsed(target.op, 1);
  const perOp = Math.max(elapsed(target.op, 10) / 10, 1e-4);
  target.iterations = Math.max(1, Math.ceil(target.minSampleMs / perOp));
}

/** Takes `rounds` samples of every cell, interleaved, in a different (deterministic) order each round. */
export function measureRounds(cells: readonly Cell[], rounds: number): void {
  const order = cells.map((_, i) => i);
  let seed = 0x2f6b_1d3a;
  for (let round = 0; round < rounds; round++) {
    seed = shuffle(order, seed);
    for (const i of order) {
      const target = cells[i]!;
      if (target.samples.length > 0 && target.spentMs >= target.budgetMs) continue;
      const ms = elapsed(target.op, target.iterations);
      target.spentMs += ms;
      target.samples.push((ms / target.iterations) * 1000);
    }
  }
}

export function timingOf(target: Cell, rounds: number): Timing {
  const sorted = [...target.samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const micros = sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { micros, runs: sorted.length, iterations: target.iterations, bounded: sorted.length < rounds };
}

/** Fisher–Yates with a small xorshift generator; returns the next seed. */
function shuffle(values: number[], seed: number): number {
  let s = seed;
  for (let i = values.length - 1; i > 0; i--) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    const j = (s >>> 0) % (i + 1);
    [values[i], values[j]] = [values[j]!, values[i]!];
  }
  return s;
}

/**
 * Milliseconds of this process's CPU time for `count` calls of `op`. CPU time rather than wall time,
 * because the benchmark shares small machines with other work: time spent descheduled is not counted.
 */
function elapsed(op: () => number, count: number): number {
  const start = process.cpuUsage();
  for (let i = 0; i < count; i++) sink = (sink + op()) | 0;
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}
