import { rmSync } from "node:fs";
import { resolve } from "node:path";
import {
  createUserCodeHost,
  type RecycleOptions,
  supervisorService,
  USER_CODE_SUPERVISOR_BINDING,
} from "@mockctl/user-code/host";
import { Admission, DEFAULT_MAX_IN_FLIGHT } from "./admission.ts";
import { ensureBuild } from "./build-cache.ts";
import { busySampler } from "./cpu-busy.ts";
import { idleSampler } from "./cpu-idle.ts";
import { prepareDataFolder } from "./data-folder.ts";
import { lockDataFolder, makeDataFolder } from "./data-lock.ts";
import { DATA_SOURCES_BINDING, dataSourceService } from "./data-sources.ts";
import { privateSocket } from "./front-folder.ts";
import { IMPOSTER_PORTS_BINDING, type ImposterPorts, imposterPorts } from "./imposter-ports.ts";
import { listenKeepAlive } from "./keep-alive.ts";
import type { Upstream } from "./keep-alive-relay.ts";
import { API_KEY_ENV, repositoryRoot, STARTED_AT_ENV } from "./layout.ts";
import { startLoopback } from "./loopback.ts";
import { defaultPorts, portsService } from "./ports-service.ts";
import { openPrivateDoor } from "./private-door.ts";
import { PROXY_OUT_BINDING, proxyOutService } from "./proxy-out.ts";
import { supervise } from "./supervisor.ts";
import { spawnTethered } from "./tether.ts";
import { userFolder } from "./user-folder.ts";
import { workerdArgs } from "./workerd-args.ts";

const ROOT = repositoryRoot();

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
  /**
   * Requests per second per imposter (the edge's RATE_LIMIT_RPS); off (0) unless given, since mb has no
   * such limit and the load tests compare the two at full speed.
   */
  rateLimit?: number;
  /**
   * Requests relayed into workerd at once (admission.ts); more wait their turn in the relay. Default
   * DEFAULT_MAX_IN_FLIGHT; 0 for no limit.
   */
  maxInFlight?: number;
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
  /** host:port for workerd's DevTools inspector, to profile the Workers under load (infra/bench/profile-body.ts). */
  inspector?: string;
  /** When the user-code host is replaced (@mockctl/user-code/host, recycle.ts); tests lower the bounds. */
  userCodeRecycle?: RecycleOptions;
  /** V8 flags added to workerd's own (MOCKCTL_WORKERD_V8_FLAGS), to diagnose; part of the build key. */
  extraV8Flags?: string[];
  /**
   * Run once workerd answers and before any client is served (cli.ts deploys `--configfile` here, as mb loads
   * it before it listens), against a private door that answers as the public origin. The public port is
   * already taken: a client that connects meanwhile waits. If it throws, the platform stops and the error
   * is passed on. With `direct` it runs against the public socket, which serves from the start.
   */
  beforeOpen?: (url: string, publicUrl: string) => Promise<void>;
  /**
   * Every imposter of the default workspace also listens on its own port, as mb's do (imposter-ports.ts).
   * Off unless asked: `npm start` asks, harnesses that run mb beside the platform on the same ports do not.
   */
  imposterPorts?: boolean;
  /** Where the launcher's own lines go (a port it cannot listen on). Default: stderr. */
  log?: (line: string) => void;
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

/**
 * The flags travel as vars, strings like every wrangler var, baked into the build; each Worker gets the ones
 * it declares. Except the API key: the build turns API_KEY into a binding workerd reads from its environment
 * (API_KEY_ENV), given at start.
 */
export function adminVars(options: PlatformOptions): Record<string, string> {
  return {
    RATE_LIMIT_RPS: String(options.rateLimit ?? 0),
    ALLOW_INJECTION: String(options.allowInjection ?? false),
    API_KEY: "",
    ALLOWED_ORIGINS: (options.allowedOrigins ?? []).join(","),
    ALLOWED_HOSTS: (options.allowedHosts ?? []).join(","),
    // Both Workers: the imposter objects share the front door's isolate here, so no KV snapshots
    // (workers/edge/wrangler.jsonc).
    KV_SNAPSHOTS: "false",
    // The edge: the relay and the imposter ports serve `wait` behaviors (DELAY_ANSWER), which workerd's own
    // socket (`direct`, for benchmarks) would pass to the client as a header.
    RELAY_DELAYS: String(options.direct !== true),
  };
}

/** A wildcard listen address is reached on loopback. */
function urlHost(host: string): string {
  if (host === "0.0.0.0" || host === "::" || host === "*") return "127.0.0.1";
  return host.includes(":") ? `[${host}]` : host;
}

/**
 * Starts workerd from a cached build (build-cache.ts: made once per source state, in a child process that
 * loads wrangler, esbuild and Miniflare and exits) and supervises it. This process keeps only the data
 * sources' loopback server and the supervisor.
 */
export async function startPlatform(options: PlatformOptions = {}): Promise<Platform> {
  const dataDir = resolve(options.dataDir ?? ".mockctl/data");
  makeDataFolder(dataDir);
  const unlock = lockDataFolder(dataDir);
  try {
    return await startOn(dataDir, options, unlock);
  } catch (error) {
    unlock();
    throw error;
  }
}

async function startOn(dataDir: string, options: PlatformOptions, unlock: () => void): Promise<Platform> {
  const configs = (options.configs ?? DEFAULT_CONFIGS).map((config) => resolve(config));
  const startedAt = Date.now();
  const vars = adminVars(options);
  const build = await ensureBuild(ROOT, configs, vars, options.extraV8Flags);
  await prepareDataFolder(build, dataDir, configs, vars);
  // User code runs in a workerd process of its own, started on the edge's first call (issue 8).
  const userCode = createUserCodeHost(spawnTethered, options.userCodeRecycle);
  const loopback = await startLoopback({
    [DATA_SOURCES_BINDING]: dataSourceService(options.dataSourceRoot ?? userFolder()),
    [USER_CODE_SUPERVISOR_BINDING]: supervisorService(userCode),
    [PROXY_OUT_BINDING]: proxyOutService,
    [IMPOSTER_PORTS_BINDING]: portsService(() => listeners),
  });
  let listeners: ImposterPorts | undefined;
  const host = options.host ?? "127.0.0.1";
  // Behind the keep-alive relay workerd listens on a private unix socket, where the relay's hop costs the
  // kernel less than a second TCP connection over loopback (infra/bench/BODY-PROFILE.md, the relay);
  // `direct` serves workerd's own TCP socket.
  const front = options.direct ? undefined : privateSocket();
  let port = options.direct ? (options.port ?? 2525) : 0;
  const run = () => ({
    config: build.config,
    host: options.direct ? host : "127.0.0.1",
    port,
    ...(front === undefined ? {} : { frontPath: front.path }),
    loopbackSocket: loopback.path,
    dataDir,
    userCodeSocket: userCode.socketPath,
    ...(options.inspector === undefined ? {} : { inspector: options.inspector }),
  });
  const closeAll = async () => {
    await loopback.close();
    await userCode.stop();
    front?.remove();
  };
  const workerd = await supervise({
    name: "workerd",
    command: build.layout.workerd,
    args: () => {
      // A restart binds the same path, which a killed workerd leaves behind.
      if (front !== undefined) rmSync(front.path, { force: true });
      return workerdArgs(build.layout, run());
    },
    // A restart of workerd keeps the platform's start: GET /config's uptime is the platform's.
    env: { ...process.env, [API_KEY_ENV]: options.apiKey ?? "", [STARTED_AT_ENV]: String(startedAt) },
    sockets: [build.layout.frontSocket],
  }).catch(async (error: unknown) => {
    await closeAll();
    throw error;
  });
  // A restart keeps the port (or path) it got, so the relay's upstream and the URL stay the same.
  port = workerd.ports.get(build.layout.frontSocket) ?? port;
  const upstream = front === undefined ? { host: "127.0.0.1", port } : { path: front.path };
  // One line into workerd for the platform's port and every imposter's own (admission.ts).
  const maxInFlight = options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT;
  const admission =
    options.direct || maxInFlight <= 0
      ? undefined
      : new Admission(maxInFlight, { idle: idleSampler(), busy: busySampler(() => workerd.pid()) });
  const relay = options.direct
    ? undefined
    : await listenKeepAlive({
        host,
        port: options.port ?? 2525,
        upstream,
        held: true,
        ...(admission !== undefined && { admission }),
      }).catch(async (error: unknown) => {
        await workerd.stop();
        await closeAll();
        throw error;
      });
  const origin = `${urlHost(host)}:${relay?.port ?? port}`;
  if (options.imposterPorts === true) {
    const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
    listeners = imposterPorts({ host, upstream, reserved: [relay?.port ?? port], log, admission });
  }
  const stop = async () => {
    await listeners?.close();
    await relay?.close();
    await workerd.stop();
    await closeAll();
  };
  try {
    await prepare(options.beforeOpen, relay === undefined ? undefined : upstream, origin);
    // Imposters kept in the data folder listen again; should the list not come, they answer at their URLs.
    if (listeners !== undefined) {
      const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
      const kept = await defaultPorts(upstream, options.apiKey).catch((error: unknown) => {
        log(`could not list the imposters to listen on their ports: ${String(error)}`);
        return { ports: [] };
      });
      await listeners.set(kept);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  relay?.open();
  return {
    url: `http://${origin}`,
    async stop() {
      await new Promise((done) => setTimeout(done, FLUSH_GRACE_MS));
      try {
        await stop();
      } finally {
        unlock();
      }
    },
  };
}

/** Runs `beforeOpen` through a private door to `upstream`, or on the public origin when there is none. */
async function prepare(
  beforeOpen: PlatformOptions["beforeOpen"],
  upstream: Upstream | undefined,
  origin: string,
): Promise<void> {
  if (beforeOpen === undefined) return;
  if (upstream === undefined) return beforeOpen(`http://${origin}`, `http://${origin}`);
  const door = await openPrivateDoor(upstream, origin);
  try {
    await beforeOpen(door.url, `http://${origin}`);
  } finally {
    await door.close();
  }
}
