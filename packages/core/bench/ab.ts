/**
 * `[AB_SHAPES="a|b"] tsx packages/core/bench/ab.ts <other checkout> [passes]`: bench:core's cost per match on this core and
 * on another checkout's (a `git worktree` of an earlier commit), measured in one process: shape by shape,
 * the two cores in turn (the order alternating), so a slow spell on the shared machine falls on both alike.
 * Each turn is a quick bench:core of one shape (5 rounds) at 100 and 10,000 stubs, first and last stub.
 * Prints each configuration's median over the passes and this ÷ other; the linear scan, the same code in
 * both, is the control.
 */
import { join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { type BenchMain, loadBench } from "./bundle.ts";
import type { Row } from "./report.ts";

const [other, passArg] = process.argv.slice(2);
if (other === undefined) throw new Error("usage: tsx packages/core/bench/ab.ts <other checkout> [passes]");
const passes = Number(passArg ?? 3);

const PLAN = { quick: true, sizes: [100, 10_000], positions: ["first", "last"] } as const;
const keyOf = (row: Row) => `${row.shape} | ${row.stubs} | ${row.position}`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

type Samples = Map<string, { index: number[]; linear: number[] }>;

function record(into: Samples, rows: readonly Row[]): void {
  for (const row of rows) {
    const cell = into.get(keyOf(row)) ?? { index: [], linear: [] };
    cell.index.push(row.index.micros);
    cell.linear.push(row.linear.micros);
    into.set(keyOf(row), cell);
  }
}

const trees: Array<[string, BenchMain, Samples]> = [
  ["this", await loadBench(fileURLToPath(new URL("main.ts", import.meta.url)), false, "this"), new Map()],
  ["other", await loadBench(join(other, "packages/core/bench/main.ts"), false, "other"), new Map()],
];
// AB_SHAPES="exact path|XPath": a few shapes, for more passes in the time.
const shapes =
  process.env.AB_SHAPES?.split("|") ??
  new Set(trees[0]![1].measure({ ...PLAN, sizes: [100], positions: ["first"] }).rows.map((r) => r.shape));
let turn = 0;
for (let pass = 0; pass < passes; pass++) {
  process.stderr.write(`pass ${pass + 1}/${passes}\n`);
  for (const shape of shapes) {
    const order = turn++ % 2 === 0 ? trees : [...trees].reverse();
    for (const [, bench, samples] of order) record(samples, bench.measure({ ...PLAN, shapes: [shape] }).rows);
  }
}

const [, , mine] = trees[0]!;
const [, , theirs] = trees[1]!;
const ratios: number[] = [];
console.log(
  "| shape | stubs | stub | index µs, this | index µs, other | this ÷ other | linear, this ÷ other |",
);
console.log("|---|---:|---|---:|---:|---:|---:|");
for (const [key, cell] of mine) {
  const base = theirs.get(key);
  if (base === undefined) continue;
  const ratio = median(cell.index) / median(base.index);
  ratios.push(ratio);
  const control = median(cell.linear) / median(base.linear);
  const cells = [
    median(cell.index).toFixed(2),
    median(base.index).toFixed(2),
    ratio.toFixed(2),
    control.toFixed(2),
  ];
  console.log(`| ${key} | ${cells.join(" | ")} |`);
}
const geomean = Math.exp(ratios.reduce((sum, r) => sum + Math.log(r), 0) / ratios.length);
console.log(
  `\n${ratios.length} configurations, ${passes} passes each; geometric mean of this ÷ other: ${geomean.toFixed(3)}`,
);
