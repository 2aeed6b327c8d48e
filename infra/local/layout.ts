import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The admin Worker's API_KEY binding reads this variable of workerd's environment (a `fromEnvironment`
 * binding), set by the launcher on every start: the key is never written into a cached build, and a
 * different `--apikey` reuses the same build. Its own name, so a MOCKCTL_API_KEY exported for
 * `platform:deploy` never reaches the local platform.
 */
export const API_KEY_ENV = "MOCKCTL_LOCAL_API_KEY";

/** The admin Worker's STARTED_AT reads this (ms since the epoch), set by the launcher as API_KEY_ENV is. */
export const STARTED_AT_ENV = "MOCKCTL_LOCAL_STARTED_AT";

/** What build.ts is asked to do, passed to it as one JSON argument. */
export interface BuildRequest {
  /** Wrangler configs, front door first. */
  configs: string[];
  /** The admin flags as vars (strings, like every wrangler var); they are baked into the workerd config. */
  vars: Record<string, string>;
  /** Where the config, its layout and the migrated template data folder go. */
  outDir: string;
  /**
   * V8 flags for workerd after the platform's own (MOCKCTL_WORKERD_V8_FLAGS, to diagnose: `--trace-gc-nvp`
   * showed where the tail at a fixed rate comes from, bench/tail-hops/README.md). Part of the build key.
   */
  extraV8Flags?: string[];
  /** Instead of building: apply D1 migrations to this existing data folder. */
  migrate?: string;
}

/** What the launcher needs beside the binary workerd config to run it (layout.json in a build). */
export interface Layout {
  /** The workerd binary Miniflare ran. */
  workerd: string;
  /** Every socket in the config, by name; all are re-addressed at start (`--socket-addr`). */
  sockets: string[];
  /** The socket of the front door, the platform's URL. */
  frontSocket: string;
  /** Disk services by name, each with its folder under the data folder (`--directory-path`). */
  directories: Record<string, string>;
  /** The external service behind the edge's USER_CODE_HOST binding, re-addressed at start (`--external-addr`). */
  userCodeHost: string;
  /** A hash of every D1 migration applied; a data folder records the one it was brought up to. */
  migrations: string;
  /** Each static assets folder with the source key of the assets it was built with (assets.ts). */
  assets?: Record<string, string>;
}

/** The repository root: the nearest folder up holding workers/edge, from the TS sources or compiled JS. */
export function repositoryRoot(from = dirname(fileURLToPath(import.meta.url))): string {
  let folder = from;
  while (!existsSync(join(folder, "workers/edge/wrangler.jsonc"))) {
    const parent = dirname(folder);
    if (parent === folder) throw new Error(`no mockctl repository above ${from}`);
    folder = parent;
  }
  return folder;
}
