import { dirname, resolve } from "node:path";
import { build } from "esbuild";
import type { WorkerOptions } from "miniflare";
import { unstable_getMiniflareWorkerOptions, unstable_readConfig } from "wrangler";
import { ensureAssets } from "./assets.ts";
import { repositoryRoot } from "./layout.ts";

/** A Worker ready for Miniflare, plus what the launcher needs to know about its D1 databases. */
export interface LocalWorker {
  name: string;
  options: WorkerOptions;
  /** Each D1 binding with the folder holding its migrations. */
  d1: Array<{ binding: string; migrationsDir: string }>;
  /** The static assets folder workerd serves from disk, if the Worker has one. */
  assets?: string;
}

/** Bundles `main` the way wrangler would for workerd: ESM, worker conditions, platform modules left out. */
async function bundle(main: string, define: Record<string, string>): Promise<string> {
  const result = await build({
    entryPoints: [main],
    bundle: true,
    write: false,
    format: "esm",
    target: "es2022",
    platform: "browser",
    conditions: ["workerd", "worker", "browser"],
    external: ["cloudflare:*", "node:*"],
    define,
    logLevel: "warning",
  });
  const output = result.outputFiles[0];
  if (output === undefined) throw new Error(`esbuild produced nothing for ${main}`);
  return output.text;
}

function declared(vars: Record<string, string>, known: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(vars).filter(([key]) => key in known));
}

/**
 * Builds a Worker's Miniflare options from its own wrangler config, so the local platform has exactly the
 * bindings a deploy would. `vars` override the config's vars (the launcher's flags); only the vars the Worker
 * declares are set, so each Worker's env stays what its types say (as infra/cloudflare/render-config.ts).
 */
export async function loadWorker(
  configPath: string,
  vars: Record<string, string> = {},
): Promise<LocalWorker> {
  const config = unstable_readConfig({ config: configPath });
  // Static assets (the admin Worker's dashboard) are built before Miniflare reads their folder.
  const assets =
    config.assets?.directory === undefined
      ? undefined
      : resolve(dirname(resolve(configPath)), config.assets.directory);
  if (assets !== undefined) await ensureAssets(repositoryRoot(), assets);
  const { workerOptions, define, main } = unstable_getMiniflareWorkerOptions(config);
  if (main === undefined || config.name === undefined)
    throw new Error(`${configPath} needs "name" and "main"`);
  const { modulesRules: _rules, ...rest } = workerOptions;
  const options = {
    ...rest,
    name: config.name,
    bindings: { ...rest.bindings, ...declared(vars, config.vars) },
    // Miniflare names modules relative to its root, the working directory by default; a launcher started
    // outside the repository would then name the bundle with "..", which workerd refuses.
    modulesRoot: dirname(main),
    modules: [
      { type: "ESModule", path: resolve(dirname(main), "worker.mjs"), contents: await bundle(main, define) },
    ],
  } as WorkerOptions;
  const configDir = dirname(resolve(configPath));
  const d1 = config.d1_databases.map((db: { binding: string; migrations_dir?: string }) => ({
    binding: db.binding,
    migrationsDir: resolve(configDir, db.migrations_dir ?? "migrations"),
  }));
  return { name: config.name, options, d1, ...(assets === undefined ? {} : { assets }) };
}
