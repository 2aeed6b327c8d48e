import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** The edge Worker as it was at a git ref, ready for startPlatform's `configs`. */
export interface BaselineEdge {
  /** The ref resolved to a short commit, for the report. */
  commit: string;
  config: string;
  remove(): void;
}

/**
 * Extracts workers/edge at `ref` into a temporary folder, so the edge as it was and as it is now can be
 * measured side by side in one run. Only the edge is taken from the ref: both run on the core of the
 * working tree (a node_modules link resolves @mockctl/core to it), so the difference is the edge's alone.
 */
export function extractBaselineEdge(ref: string): BaselineEdge {
  const commit = execFileSync("git", ["rev-parse", "--short", ref], { cwd: ROOT, encoding: "utf8" }).trim();
  const dir = mkdtempSync(join(tmpdir(), "mockctl-baseline-"));
  // The tsconfig base too, which esbuild reads for the edge's tsconfig; its tests are left behind.
  const paths = ["workers/edge", "tsconfig.base.json", ":(exclude)workers/edge/**/*.test.ts"];
  const archive = execFileSync("git", ["archive", "--format=tar", commit, ...paths], {
    cwd: ROOT,
    maxBuffer: 64 * 1024 * 1024,
  });
  execFileSync("tar", ["-x", "-C", dir], { input: archive });
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"), "dir");
  return {
    commit,
    config: join(dir, "workers/edge/wrangler.jsonc"),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
