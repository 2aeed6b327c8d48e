/**
 * `npm run bench:core`: the core matching benchmark. Writes RESULTS.md and results.json beside this file.
 * `BENCH_QUICK=1` shortens every measurement (for a smoke run; the numbers are then rough);
 * `BENCH_RENDER_ONLY=1` only re-renders RESULTS.md from results.json; `BENCH_SHAPES` measures a few shapes.
 *
 * tsx transpiles with esbuild's `keepNames`, which wraps every closure created at run time in a
 * `defineProperty` call (≈ 0.5 µs each). So the measured code is bundled here without it, as a Worker
 * bundle with `keep_names: false` is, then imported; a short second pass measures the keepNames cost,
 * which is what wrangler's default (`keep_names: true`) pays.
 */

import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import type * as Main from "./main.ts";
import { machine, type Results, renderMarkdown } from "./report.ts";

async function load(keepNames: boolean): Promise<typeof Main> {
  const outfile = join(tmpdir(), `mockctl-bench-${process.pid}-${keepNames ? "kept" : "plain"}.mjs`);
  await build({
    entryPoints: [new URL("main.ts", import.meta.url).pathname],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    keepNames,
    outfile,
    logLevel: "error",
  });
  const loaded = (await import(pathToFileURL(outfile).href)) as typeof Main;
  rmSync(outfile);
  return loaded;
}

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
