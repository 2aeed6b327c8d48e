import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Miniflare } from "miniflare";
import { DATA_SOURCES_BINDING, dataSourceService } from "./data-sources.ts";
import { openFrontDoor, workerdSocket } from "./front-socket.ts";
import { applyMigrations } from "./migrations.ts";
import { createUserCodeHost, userCodeHostBindings } from "./user-code-host/index.ts";
import { type LocalWorker, loadWorker } from "./worker-options.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** The repository's own Workers; the first is the front door, served on the direct socket. */
export const DEFAULT_CONFIGS = ["workers/edge/wrangler.jsonc", "workers/admin/wrangler.jsonc"].map((p) =>
  resolve(ROOT, p),
);

export interface PlatformOptions {
  /** The front door's port; 0 picks a free one. Default 2525, mb's. */
  port?: number;
  host?: string;
  /** Where Durable Objects, KV and D1 persist. Default ./.mockctl/data. */
  dataDir?: string;
  allowInjection?: boolean;
  apiKey?: string;
  /** mb's --origin: pages of these origins may call the admin API (CORS); "*" for any. */
  allowedOrigins?: string[];
  /** --allowHost: Host names the admin API answers besides localhost, *.localhost and IP addresses. */
  allowedHosts?: string[];
  /**
   * Where a lookup's relative `csv.path` is resolved, as mb resolves it against its working folder.
   * Default: the folder `npm start` was run from (npm's INIT_CWD), else this process's.
   */
  dataSourceRoot?: string;
  /** Wrangler configs to run, front door first (tests swap in a placeholder admin Worker). */
  configs?: string[];
  /**
   * Clients on workerd's own socket, without the keep-alive relay: workerd closes a connection idle for 5 s
   * and clients that reuse it then fail. For benchmarks (`npm run bench:platform -- --baseline direct`).
   */
  direct?: boolean;
}

export interface Platform {
  url: string;
  stop(): Promise<void>;
}

/**
 * The edge Worker leaves stateless request counts in memory for up to FLUSH_MS (workers/edge/src/front-door.ts)
 * before they reach storage; stopping waits that long so a clean shutdown loses none.
 */
const FLUSH_GRACE_MS = 1_500;

/** Admin flags travel as vars, strings like every wrangler var. */
function adminVars(options: PlatformOptions): Record<string, string> {
  return {
    ALLOW_INJECTION: String(options.allowInjection ?? false),
    API_KEY: options.apiKey ?? "",
    ALLOWED_ORIGINS: (options.allowedOrigins ?? []).join(","),
    ALLOWED_HOSTS: (options.allowedHosts ?? []).join(","),
  };
}

export async function startPlatform(options: PlatformOptions = {}): Promise<Platform> {
  const dataDir = resolve(options.dataDir ?? ".mockctl/data");
  mkdirSync(dataDir, { recursive: true });
  const [front, ...rest] = options.configs ?? DEFAULT_CONFIGS;
  if (front === undefined) throw new Error("startPlatform needs at least one Worker config");
  const [edge, ...others] = await Promise.all([
    loadWorker(front),
    ...rest.map((config) => loadWorker(config, adminVars(options))),
  ]);
  edge.options.unsafeDirectSockets = [workerdSocket(options)];
  const userCode = createUserCodeHost();
  const root = options.dataSourceRoot ?? process.env.INIT_CWD ?? process.cwd();
  edge.options.serviceBindings = {
    ...edge.options.serviceBindings,
    // Miniflare hands a Node function its own (undici) Request, the same shape as the global one.
    [DATA_SOURCES_BINDING]: dataSourceService(root) as never,
    // User code runs in a workerd process of its own, started on first use (issue 8).
    ...userCodeHostBindings(userCode),
  };

  const mf = new Miniflare({
    workers: [edge, ...others].map((worker: LocalWorker) => worker.options),
    defaultPersistRoot: dataDir,
    // Miniflare's own entry socket is unused (the direct socket bypasses it); keep it off port 8787.
    host: "127.0.0.1",
    port: 0,
  });
  await mf.ready;
  for (const worker of [edge, ...others]) {
    for (const db of worker.d1) await applyMigrations(mf, worker.name, db.binding, db.migrationsDir);
  }
  const door = await openFrontDoor(mf, edge.name, options).catch(async (error: unknown) => {
    await mf.dispose();
    await userCode.stop();
    throw error;
  });
  return {
    url: door.url,
    async stop() {
      await new Promise((done) => setTimeout(done, FLUSH_GRACE_MS));
      await door.close();
      await mf.dispose();
      await userCode.stop();
    },
  };
}
