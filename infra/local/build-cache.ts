import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { staleAssets } from "./assets.ts";
import type { BuildRequest, Layout } from "./layout.ts";

/** Folders never part of a build's inputs. */
const SKIP = /(^|\/)(node_modules|\.wrangler|dist|\.mockctl)(\/|$)/;
/** Builds kept side by side (one per flag set and source state); older ones are removed. */
const KEEP_BUILDS = 8;

export interface Build {
  dir: string;
  layout: Layout;
  config: string;
}

function hashTree(hash: ReturnType<typeof createHash>, root: string, folder: string): void {
  if (!existsSync(folder)) return;
  const files = readdirSync(folder, { recursive: true, encoding: "utf8" })
    .filter((file) => !SKIP.test(file) && !file.endsWith(".test.ts"))
    .sort();
  for (const file of files) {
    const path = join(folder, file);
    if (!statSync(path).isFile()) continue;
    hash.update(`${relative(root, path)}\0`).update(readFileSync(path));
  }
}

/**
 * The build's key: every input that can change what build.ts produces. The Workers' folders (sources,
 * wrangler config, migrations next to them), the workspace packages they bundle, the dashboard (the admin
 * Worker's static assets, built by build.ts when it changed: local/assets.ts), the root migrations, the
 * lockfile (versions of wrangler, esbuild, Miniflare, workerd), the launcher's own build code, the vars
 * baked into the config and the working folder (Miniflare names modules relative to it).
 */
export function buildKey(root: string, request: Omit<BuildRequest, "outDir">): string {
  const hash = createHash("sha256");
  const folders = ["packages", "migrations", "infra/local", "dashboard"].map((folder) => join(root, folder));
  for (const folder of [...request.configs.map((c) => dirname(c)), ...folders]) hashTree(hash, root, folder);
  const lock = join(root, "package-lock.json");
  if (existsSync(lock)) hash.update(readFileSync(lock));
  hash.update(JSON.stringify([request.configs, request.vars, process.cwd(), request.extraV8Flags ?? []]));
  return hash.digest("hex").slice(0, 24);
}

/** Runs build.ts in a child process: from the TS sources under tsx, or next to the compiled launcher. */
export function runBuild(request: BuildRequest): Promise<void> {
  const self = fileURLToPath(import.meta.url);
  const fromSource = self.endsWith(".ts");
  const entry = join(dirname(self), fromSource ? "build.ts" : "build.mjs");
  // tsx resolved from here: a caller may have changed the working folder (bench/servers.ts does).
  const args = [
    ...(fromSource ? ["--import", import.meta.resolve("tsx")] : []),
    entry,
    JSON.stringify(request),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ["ignore", "inherit", "inherit"] });
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`build.ts exited with ${code}`)),
    );
  });
}

function prune(cache: string): void {
  const builds = readdirSync(cache)
    .map((name) => ({ path: join(cache, name), at: statSync(join(cache, name)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const old of builds.slice(KEEP_BUILDS)) rmSync(old.path, { recursive: true, force: true });
}

/** The build for these inputs, made first (about 2.5 s, in a child process) when none is cached. */
export async function ensureBuild(
  root: string,
  configs: string[],
  vars: Record<string, string>,
  extraV8Flags: string[] = [],
): Promise<Build> {
  const cache = join(root, "node_modules/.cache/mockctl/builds");
  const dir = join(cache, buildKey(root, { configs, vars, extraV8Flags }));
  if (!existsSync(join(dir, "layout.json"))) {
    // Built beside and renamed into place, so two launchers starting at once never see half a build.
    const outDir = `${dir}.tmp-${process.pid}`;
    try {
      await runBuild({ configs, vars, outDir, extraV8Flags });
      renameSync(outDir, dir);
    } catch (error) {
      if (!existsSync(join(dir, "layout.json"))) throw error;
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
    prune(cache);
  }
  const layout = JSON.parse(readFileSync(join(dir, "layout.json"), "utf8")) as Layout;
  // A cached build's sources are the tree's now, so building again gives its assets back. In a child, as
  // every build: Vite in the launcher would keep a build's memory for the platform's whole life.
  if (staleAssets(layout.assets ?? {}).length > 0) {
    const outDir = `${dir}.assets-${process.pid}`;
    try {
      await runBuild({ configs, vars, outDir, extraV8Flags });
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  }
  return { dir, layout, config: join(dir, "workerd.capnp.bin") };
}
