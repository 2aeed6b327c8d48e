import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";

/** Where a build records the source state it was made from, inside the build's own folder. */
const STAMP = ".source-key";
const SKIP = /(^|\/)(node_modules|dist|e2e)(\/|$)|\.test\.tsx?$/;

function hashFolder(hash: ReturnType<typeof createHash>, root: string, folder: string): void {
  if (!existsSync(folder)) return;
  const files = readdirSync(folder, { recursive: true, encoding: "utf8" })
    .filter((file) => !SKIP.test(file))
    .sort();
  for (const file of files) {
    const path = join(folder, file);
    if (statSync(path).isFile()) hash.update(`${relative(root, path)}\0`).update(readFileSync(path));
  }
}

/**
 * The source state of a Vite app: its own folder (less its build, tests and node_modules), the workspace
 * packages it bundles (the core's validation runs in the page), and the lockfile.
 */
export function assetsKey(root: string, app: string): string {
  const hash = createHash("sha256");
  for (const folder of [app, join(root, "packages/core/src"), join(root, "packages/contract/src")])
    hashFolder(hash, root, folder);
  const lock = join(root, "package-lock.json");
  if (existsSync(lock)) hash.update(readFileSync(lock));
  return hash.digest("hex").slice(0, 24);
}

/**
 * Makes sure a Worker's static assets folder (`<app>/dist`, wrangler.jsonc `assets.directory`) holds the
 * build of its app's current sources: Vite builds it (a few seconds) when the stamp left by the last build
 * differs, and returns at once otherwise. Miniflare reads the folder when it assembles the workerd config.
 */
export async function ensureAssets(root: string, directory: string): Promise<"built" | "fresh"> {
  const app = dirname(directory);
  const configFile = join(app, "vite.config.ts");
  if (!existsSync(configFile)) {
    if (existsSync(directory)) return "fresh";
    throw new Error(`${directory} does not exist and ${app} has no vite.config.ts to build it`);
  }
  const key = assetsKey(root, app);
  const stamp = join(directory, STAMP);
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === key) return "fresh";
  const vite = await import("vite");
  // Vite and the React plugin take the mode from NODE_ENV when it is set: under a test runner (test) the
  // build would ship React's development bundle, 1.6× larger and slower.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await vite.build({ configFile, root: app, logLevel: "warn", mode: "production" });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  writeFileSync(stamp, key);
  return "built";
}

/** The source key a folder's build was made from, or undefined when nothing built it here. */
export function builtKey(directory: string): string | undefined {
  const stamp = join(directory, STAMP);
  return existsSync(stamp) ? readFileSync(stamp, "utf8") : undefined;
}

/**
 * The asset folders of a cached build (folder → the key its assets were built from) that now hold another
 * build: workerd serves an assets folder from disk, and one checkout's launcher rebuilds it in place, so
 * going back to a cached build (a branch switched back) would serve the other checkout's dashboard.
 */
export function staleAssets(assets: Record<string, string>): string[] {
  // A folder nothing built here (the published package's prebuilt dashboard) is recorded as "" and stays
  // so: it is not stale, or every start of an installed mockctl would rebuild the platform (4-6 s).
  return Object.entries(assets).flatMap(([directory, key]) =>
    (builtKey(directory) ?? "") === key ? [] : [directory],
  );
}
