/**
 * `npm run bench:core`: the core matching benchmark. Writes RESULTS.md and results.json beside this file.
 * `BENCH_QUICK=1` shortens every measurement (for a smoke run; the numbers are then rough);
 * `BENCH_RENDER_ONLY=1` only re-renders RESULTS.md from results.json; `BENCH_SHAPES` measures a few shapes.
 */

import { readFileSync, writeFileSync } from "node:fs";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { loadBench } from "./bundle.ts";
import { machine, type Results, renderMarkdown } from "./report.ts";

const MAIN = fileURLToPath(new URL("main.ts", import.meta.url));
const load = (keepNames: boolean) => loadBench(MAIN, keepNames, "run");

const log = (line: string) => process.stdout.write(`${line}\n`);
const outDir = new URL(".", import.meta.url);

async function measureAll(): Promise<Results> {
  const quick = process.env.BENCH_QUICK === "1";
  const plain = await load(false);
  const { rows, checksum } = plain.measure({ quick, log });
  log(`keepNames pass (checksum so far ${checksum}):`);
  const kept = await load(true);
  const keepNames = kept.measure({ quick, log, sizes: [100], positions: ["first"] }).rows;
  log("stage 1 alone:");
  const stageOne = plain.measureStageOne(quick);
  return { machine: machine(), rows, keepNames, stageOne };
}

/** `BENCH_SHAPES="name|name"`: only those shapes, printed, nothing written (RESULTS.md is a full run). */
async function measureSome(shapes: readonly string[]): Promise<void> {
  const plain = await load(false);
  plain.measure({ quick: process.env.BENCH_QUICK === "1", log, shapes });
}

if (process.env.BENCH_SHAPES) {
  await measureSome(process.env.BENCH_SHAPES.split("|"));
  process.exit(0);
}

// BENCH_RENDER_ONLY=1 rewrites RESULTS.md from the last results.json (after editing the report text).
const results: Results =
  process.env.BENCH_RENDER_ONLY === "1"
    ? (JSON.parse(readFileSync(new URL("results.json", outDir), "utf8")) as Results)
    : await measureAll();
writeFileSync(new URL("RESULTS.md", outDir), renderMarkdown(results));
writeFileSync(new URL("results.json", outDir), `${JSON.stringify(results, null, 2)}\n`);
log("wrote RESULTS.md and results.json");
