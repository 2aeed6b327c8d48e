import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { startFloor } from "../floor/floor.ts";
import { DEFAULT_CONFIGS, type Platform, startPlatform } from "../local/platform.ts";
import { type BaselineEdge, extractBaselineEdge } from "./baseline.ts";
import { newWorkerds, workerdPids } from "./cpu-time.ts";
import type { Server } from "./stats.ts";

/** Everything a run started, by the server it plays; `stop` ends all of it and removes its folders. */
export interface Servers {
  origins: Partial<Record<Server, string>>;
  /**
   * The workerd processes of the servers served on workerd's own socket (the floor, and the platform with
   * --direct), whose CPU per request is read beside the rate: steal by other tenants slows a rate, not that.
   */
  workerd: Partial<Record<Server, number[]>>;
  baselineCommit?: string;
  stop(): Promise<void>;
}

const ADMIN_CONFIG = DEFAULT_CONFIGS[1]!;

/** `--baseline direct`: today's platform with clients on workerd's socket, to price the keep-alive relay. */
const DIRECT = "direct";
/** `--baseline no-dashboard`: today's platform with an admin Worker that has no static assets (DASHBOARD.md). */
const NO_DASHBOARD = "no-dashboard";

/**
 * The admin Worker's config without its `assets` block, beside the real one (its relative paths hold);
 * answers the file and its removal.
 */
function adminWithoutAssets(): { config: string; remove(): void } {
  const config = join(dirname(ADMIN_CONFIG), "wrangler.no-dashboard.jsonc");
  const text = readFileSync(ADMIN_CONFIG, "utf8").replace(/\n\s*"assets": \{[^}]*\},/, "");
  if (text.includes('"assets"')) throw new Error(`could not take "assets" out of ${ADMIN_CONFIG}`);
  writeFileSync(config, text);
  return { config, remove: () => rmSync(config, { force: true }) };
}

interface ServerOptions {
  allowInjection?: boolean;
  baselineCore?: boolean;
  /** The platforms' --rateLimit (a baseline edge that has no limiter ignores it). */
  rateLimit?: number;
  /** Also this tree's platform on workerd's own socket, as the floor is served: the engine without the relay. */
  direct?: boolean;
}

/**
 * Starts the floor and the platform (and, given a ref, the platform with the edge at that ref), each on
 * a free 127.0.0.1 port with its own temporary data folder. On any failure what already started is
 * stopped before the error is rethrown.
 */
export async function startServers(
  baselineRef: string | undefined,
  { allowInjection = false, baselineCore = false, rateLimit, direct = false }: ServerOptions = {},
): Promise<Servers> {
  const running: Platform[] = [];
  const folders: string[] = [];
  let baseline: BaselineEdge | undefined;
  const stop = async () => {
    await Promise.allSettled(running.map((server) => server.stop()));
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
    baseline?.remove();
  };
  const dataDir = () => {
    const folder = mkdtempSync(join(tmpdir(), "mockctl-bench-"));
    folders.push(folder);
    return folder;
  };
  try {
    const origins: Partial<Record<Server, string>> = {};
    const workerd: Partial<Record<Server, number[]>> = {};
    const known = workerdPids();
    const floor = await startFloor({ port: 0, host: "127.0.0.1" });
    running.push(floor);
    origins.floor = floor.url;
    workerd.floor = newWorkerds(known);
    const platform = await startPlatform({
      port: 0,
      host: "127.0.0.1",
      dataDir: dataDir(),
      allowInjection,
      ...(rateLimit === undefined ? {} : { rateLimit }),
    });
    running.push(platform);
    origins.platform = platform.url;
    if (direct) {
      const limit = rateLimit === undefined ? {} : { rateLimit };
      const options = { port: 0, host: "127.0.0.1", dataDir: dataDir(), allowInjection, direct, ...limit };
      known.push(...workerdPids());
      const onSocket = await startPlatform(options);
      running.push(onSocket);
      origins.direct = onSocket.url;
      workerd.direct = newWorkerds(known);
    }
    if (baselineRef === DIRECT) {
      const direct = await startPlatform({ port: 0, host: "127.0.0.1", dataDir: dataDir(), direct: true });
      running.push(direct);
      origins.baseline = direct.url;
    } else if (baselineRef === NO_DASHBOARD) {
      const admin = adminWithoutAssets();
      try {
        const configs = [DEFAULT_CONFIGS[0]!, admin.config];
        const plain = await startPlatform({
          port: 0,
          host: "127.0.0.1",
          dataDir: dataDir(),
          configs,
          allowInjection,
        });
        running.push(plain);
        origins.baseline = plain.url;
      } finally {
        admin.remove();
      }
    } else if (baselineRef !== undefined) {
      baseline = extractBaselineEdge(baselineRef, baselineCore);
      const configs = [baseline.config, baseline.adminConfig];
      const old = await startPlatform({
        port: 0,
        host: "127.0.0.1",
        dataDir: dataDir(),
        configs,
        allowInjection,
      });
      running.push(old);
      origins.baseline = old.url;
    }
    const servers: Servers = { origins, workerd, stop };
    if (baseline !== undefined)
      servers.baselineCommit = `${baseline.commit}${baselineCore ? " (edge and core)" : ""}`;
    if (baselineRef === DIRECT) servers.baselineCommit = "this commit, without the keep-alive relay (direct)";
    if (baselineRef === NO_DASHBOARD)
      servers.baselineCommit = "this commit, the admin Worker without the dashboard's assets";
    return servers;
  } catch (error) {
    await stop();
    throw error;
  }
}
