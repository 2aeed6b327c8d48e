import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { cleanEnv, FIXTURES } from "./run-cli.ts";

const run = promisify(execFile);
const PACKAGE = fileURLToPath(new URL("..", import.meta.url));

/**
 * `npm pack` (which bundles at prepack), then `npm install <tarball>` offline into an empty folder outside
 * this repository with the fixtures copied in: the folder a user of the published package would have.
 */
export async function installPacked(): Promise<{ folder: string; bin: string }> {
  const packs = mkdtempSync(join(tmpdir(), "mockctl-pack-"));
  await run("npm", ["pack", "--pack-destination", packs], { cwd: PACKAGE, env: cleanEnv() });
  const tarball = readdirSync(packs).find((file) => file.endsWith(".tgz"));
  if (tarball === undefined) throw new Error(`npm pack wrote nothing to ${packs}`);
  const folder = mkdtempSync(join(tmpdir(), "mockctl-user-"));
  writeFileSync(join(folder, "package.json"), "{}");
  await run("npm", ["install", "--offline", "--no-audit", "--no-fund", join(packs, tarball)], {
    cwd: folder,
    env: cleanEnv(),
  });
  cpSync(join(FIXTURES, "ejs"), join(folder, "ejs"), { recursive: true });
  return { folder, bin: join(folder, "node_modules", ".bin", "mockctl") };
}
