import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import type * as Main from "./main.ts";

export type BenchMain = typeof Main;

/**
 * Bundles a checkout's bench/main.ts and imports it. tsx transpiles with esbuild's `keepNames`, which
 * wraps every closure created at run time in a `defineProperty` call (≈ 0.5 µs each), so the measured
 * code is bundled without it, as a Worker bundle with `keep_names: false` is; `keepNames` measures
 * what wrangler's default pays.
 */
export async function loadBench(entry: string, keepNames: boolean, tag: string): Promise<BenchMain> {
  const outfile = join(tmpdir(), `mockctl-bench-${process.pid}-${tag}-${keepNames ? "kept" : "plain"}.mjs`);
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    keepNames,
    outfile,
    logLevel: "error",
  });
  const loaded = (await import(pathToFileURL(outfile).href)) as BenchMain;
  rmSync(outfile);
  return loaded;
}
