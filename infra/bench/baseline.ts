import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** The edge Worker as it was at a git ref, ready for startPlatform's `configs`. */
export interface BaselineEdge {
  /** The ref resolved to a short commit, for the report. */
  commit: string;
  config: string;
  /** The admin Worker at the same ref: today's may call object methods the old edge lacks. */
  adminConfig: string;
  remove(): void;
}

/**
 * Extracts workers/edge at `ref` into a temporary folder, so the edge as it was and as it is now can be
 * measured side by side in one run (with the admin Worker and migrations of the same ref, which the old
 * edge's objects answer). By default only the edge is taken from the ref: both run on the core
 * of the working tree (a node_modules link resolves @mockctl/core to it), so the difference is the edge's
 * alone. With `withCore`, packages/core is taken from the ref too (issue 12's changes are mostly the
 * core's): the folder then gets a node_modules of its own, every package linked to the repository's
 * except @mockctl/core, linked to the extracted one.
 */
export function extractBaselineEdge(ref: string, withCore = false): BaselineEdge {
  const commit = execFileSync("git", ["rev-parse", "--short", ref], { cwd: ROOT, encoding: "utf8" }).trim();
  const dir = mkdtempSync(join(tmpdir(), "mockctl-baseline-"));
  // The tsconfig base too, which esbuild reads for the edge's tsconfig; its tests are left behind.
  const paths = [
    "workers/edge",
    "workers/admin",
    "migrations",
    "tsconfig.base.json",
    ":(exclude)workers/*/**/*.test.ts",
  ];
  if (withCore)
    paths.push("packages/core/src", "packages/core/package.json", ":(exclude)packages/core/**/*.test.ts");
  const archive = execFileSync("git", ["archive", "--format=tar", commit, ...paths], {
    cwd: ROOT,
    maxBuffer: 64 * 1024 * 1024,
  });
  execFileSync("tar", ["-x", "-C", dir], { input: archive });
  if (withCore) linkModulesWithCore(dir);
  else symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"), "dir");
  // The admin Worker serves the dashboard's build as static assets: today's, which no request here reads.
  symlinkSync(join(ROOT, "dashboard"), join(dir, "dashboard"), "dir");
  return {
    commit,
    config: join(dir, "workers/edge/wrangler.jsonc"),
    adminConfig: join(dir, "workers/admin/wrangler.jsonc"),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

function linkModulesWithCore(dir: string): void {
  const modules = join(dir, "node_modules");
  mkdirSync(join(modules, "@mockctl"), { recursive: true });
  for (const name of readdirSync(join(ROOT, "node_modules"))) {
    if (name !== "@mockctl") symlinkSync(join(ROOT, "node_modules", name), join(modules, name));
  }
  // The core's own node_modules holds versions of its dependencies other than the root's.
  const own = join(ROOT, "packages/core/node_modules");
  if (existsSync(own)) symlinkSync(own, join(dir, "packages/core/node_modules"));
  for (const name of readdirSync(join(ROOT, "node_modules", "@mockctl"))) {
    const target = name === "core" ? join(dir, "packages/core") : join(ROOT, "node_modules/@mockctl", name);
    symlinkSync(target, join(modules, "@mockctl", name));
  }
}
