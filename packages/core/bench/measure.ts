/** Timing helpers: median cost of one operation over many timed runs, bounded by a time budget. */
import process from "node:process";

export interface Timing {
  /** Median microseconds per operation. */
  readonly micros: number;
  readonly runs: number;
  /** Operations per run. */
  readonly iterations: number;
  /** Fewer runs than asked for, because the budget ran out. */
  readonly bounded: boolean;
}

export interface TimingOptions {
  /** Runs whose medians are taken. */
  readonly runs: number;
  /** Each run repeats the operation until it lasts at least this long. */
  readonly minRunMs: number;
  /** Total time allowed for all runs (after warm-up). */
  readonly budgetMs: number;
}

let sink = 0;

/** Keeps results alive so the JIT cannot drop the work. */
export const consumed = (): number => sink;

export function time(op: () => number, options: TimingOptions): Timing {
  // Warm up (JIT, caches) for a fifth of the budget, at most 2,000 operations.
  let warmed = 0;
  for (let i = 0; i < 2_000 && warmed < options.budgetMs / 5; i++) warmed += elapsed(op, 1);
  const perOp = Math.max(elapsed(op, 10) / 10, 1e-4);
  const iterations = Math.max(1, Math.ceil(options.minRunMs / perOp));
  const affordable = Math.floor(options.budgetMs / (perOp * iterations));
  const runs = Math.max(1, Math.min(options.runs, affordable));
  const samples: number[] = [];
  for (let r = 0; r < runs; r++) samples.push(elapsed(op, iterations) / iterations);
  samples.sort((a, b) => a - b);
  const micros = (samples[Math.floor(samples.length / 2)] ?? 0) * 1000;
  return { micros, runs, iterations, bounded: runs < options.runs };
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
