import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type Unstable_Config as Config, unstable_readConfig } from "wrangler";
import type { Target } from "./environments.ts";
import { renderConfig } from "./render-config.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** One of the platform's Workers, in deploy order: the admin Worker first, then the front door. */
export interface PlatformWorker {
  key: "admin" | "edge";
  /** Its own wrangler.jsonc, the one the local platform runs. */
  configPath: string;
  front: boolean;
}

export const WORKERS: readonly PlatformWorker[] = [
  { key: "admin", configPath: resolve(ROOT, "workers/admin/wrangler.jsonc"), front: false },
  { key: "edge", configPath: resolve(ROOT, "workers/edge/wrangler.jsonc"), front: true },
];

export const readBase = (worker: PlatformWorker): Config =>
  unstable_readConfig({ config: worker.configPath });

/** A written config: the file wrangler reads, and what it was made from. */
export interface WrittenConfig {
  worker: PlatformWorker;
  /** The Worker's own config, as wrangler read it. */
  base: Config;
  file: string;
  /** The Worker's name in the environment, e.g. mockctl-edge-staging. */
  name: string;
}

function write(file: string, config: unknown): void {
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
}

/** Writes `<outDir>/<key>.wrangler.json` for every Worker, from its own config and the target. */
export function writeConfigs(bases: readonly Config[], target: Target, outDir: string): WrittenConfig[] {
  mkdirSync(outDir, { recursive: true });
  return WORKERS.map((worker, i) => {
    const base = bases[i];
    if (base === undefined) throw new Error(`no config read for ${worker.key}`);
    const config = renderConfig(base, target, outDir, worker);
    const file = join(outDir, `${worker.key}.wrangler.json`);
    write(file, config);
    return { worker, base, file, name: config.env?.[target.env]?.name ?? "" };
  });
}

/**
 * The front door without its service binding, for an account that has neither Worker yet: the admin
 * Worker binds the front door's Durable Object class, which must exist first, and the front door binds
 * the admin Worker. Deployed once before the admin Worker, then replaced by the full config.
 */
export function writeBootstrap(edge: WrittenConfig, target: Target, outDir: string): string {
  const config = renderConfig(edge.base, target, outDir, edge.worker);
  const block = config.env?.[target.env];
  if (block !== undefined) block.services = [];
  const file = join(outDir, `${edge.worker.key}.bootstrap.wrangler.json`);
  write(file, config);
  return file;
}
