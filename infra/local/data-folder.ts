import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Build } from "./build-cache.ts";
import { runBuild } from "./build-cache.ts";

/** Which migrations a data folder was brought up to (the hash in a build's layout). */
const MARKER = ".mockctl-migrations";

/**
 * Makes a data folder ready for a build's workerd: a new folder starts as a copy of the build's template,
 * whose D1 databases the build migrated; a folder from another build whose migrations differ (or from
 * before this launcher) is migrated in a build child with Miniflare, as every start did before.
 */
export async function prepareDataFolder(
  build: Build,
  dataDir: string,
  configs: string[],
  vars: Record<string, string>,
): Promise<void> {
  const folders = Object.values(build.layout.directories);
  const marker = join(dataDir, MARKER);
  const current = existsSync(marker) ? readFileSync(marker, "utf8") : undefined;
  if (current !== build.layout.migrations) {
    if (folders.every((folder) => !existsSync(join(dataDir, folder)))) {
      cpSync(join(build.dir, "template"), dataDir, { recursive: true });
    } else {
      await runBuild({ configs, vars, outDir: build.dir, migrate: dataDir });
    }
  }
  for (const folder of folders) mkdirSync(join(dataDir, folder), { recursive: true });
  if (current !== build.layout.migrations) writeFileSync(marker, build.layout.migrations);
}
