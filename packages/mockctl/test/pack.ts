import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { cleanEnv, FIXTURES } from "./run-cli.ts";

const run = promisify(execFile);
const PACKAGE = fileURLToPath(new URL("..", import.meta.url));

export interface Packed {
  folder: string;
  bin: string;
  /** The tarball's size in bytes (README "Packed size"). */
  tarballBytes: number;
}

/**
 * `npm pack` (which bundles the CLI and the platform at prepack), then `npm install <tarball>` into an
 * empty folder outside this repository with the fixtures copied in: the folder a user of the published
 * package would have. Its dependencies (wrangler, Miniflare with workerd, esbuild) come from npm's cache,
 * with the registry asked only for what the cache lacks (package metadata).
 */
export async function installPacked(): Promise<Packed> {
  const packs = mkdtempSync(join(tmpdir(), "mockctl-pack-"));
  await run("npm", ["pack", "--pack-destination", packs], { cwd: PACKAGE, env: cleanEnv() });
  const tarball = readdirSync(packs).find((file) => file.endsWith(".tgz"));
  if (tarball === undefined) throw new Error(`npm pack wrote nothing to ${packs}`);
  const folder = mkdtempSync(join(tmpdir(), "mockctl-user-"));
  writeFileSync(join(folder, "package.json"), "{}");
  await run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", join(packs, tarball)], {
    cwd: folder,
    env: cleanEnv(),
  });
  cpSync(join(FIXTURES, "ejs"), join(folder, "ejs"), { recursive: true });
  const tarballBytes = statSync(join(packs, tarball)).size;
  return { folder, bin: join(folder, "node_modules", ".bin", "mockctl"), tarballBytes };
}
