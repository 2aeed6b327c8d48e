// The local platform's cold path, run in a child process (platform.ts) that exits when done, so wrangler,
// esbuild and Miniflare (about 1.9 s and 300 MB together, infra/README.md) never load into the
// long-lived launcher. It builds the Workers' Miniflare options from their wrangler configs, lets Miniflare
// assemble the workerd config once, keeps that config, and leaves a data folder with D1 migrated.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { devNull } from "node:os";
import { join } from "node:path";
import { IMPOSTER_PORTS_BINDING } from "@mockctl/contract/imposter-ports";
import { USER_CODE_HOST_BINDING, userCodeHostBindings } from "@mockctl/user-code/host";
import { type Config, Miniflare, serializeConfig } from "miniflare";
import { withoutAssetHops } from "./asset-hops.ts";
import { builtKey } from "./assets.ts";
import { DATA_SOURCES_BINDING, dataSourceService } from "./data-sources.ts";
import { API_KEY_ENV, type BuildRequest, type Layout, STARTED_AT_ENV } from "./layout.ts";
import { applyMigrations, migrationFiles } from "./migrations.ts";
import { PROXY_OUT_BINDING, proxyOutService } from "./proxy-out.ts";
import { type LocalWorker, loadWorker } from "./worker-options.ts";

/**
 * V8 flags for workerd (Config.v8Flags, which Miniflare never sets). With V8's default young generation
 * workerd grows under load and keeps what it took: a hello-world Worker went from 48 to 502 MB in 30 s of
 * wrk, the platform from 65 to 450 MB. A 1 MB semi-space keeps both flat near their idle size at the same
 * throughput (infra/README.md, "Memory"). `--expose-gc` gives the edge and admin Workers V8's `gc`, which
 * they call every few admin requests to free the native memory those leave behind
 * (@mockctl/contract/native-garbage, infra/bench/MEMORY.md).
 */
const V8_FLAGS = ["--max-semi-space-size=1", "--expose-gc", "--optimize-for-size"];

/**
 * Miniflare serializes its workerd config in one function, which first hands the config object to
 * JSON.stringify when MINIFLARE_WORKERD_CONFIG_DEBUG names a file (its own debugging aid): that is where
 * this keeps the object, symbols and bytes intact, to serialize it again with our additions.
 */
function captureConfig(): () => Config {
  let captured: Config | undefined;
  const stringify = JSON.stringify;
  JSON.stringify = ((value: unknown, ...rest: never[]) => {
    if (captured === undefined && typeof value === "object" && value !== null && "sockets" in value)
      captured = value as Config;
    return stringify(value, ...rest);
  }) as typeof JSON.stringify;
  process.env.MINIFLARE_WORKERD_CONFIG_DEBUG = devNull;
  return () => {
    JSON.stringify = stringify;
    delete process.env.MINIFLARE_WORKERD_CONFIG_DEBUG;
    if (captured === undefined) throw new Error("Miniflare assembled no workerd config");
    return captured;
  };
}

/** Bindings whose text is given at each start, never baked into a cached build. */
const FROM_ENVIRONMENT: Record<string, string> = { API_KEY: API_KEY_ENV, STARTED_AT: STARTED_AT_ENV };

/** Every Worker's API_KEY and STARTED_AT, whatever text they were built with, read from workerd's environment. */
function bindingsFromEnvironment(config: Config): Config {
  const services = (config.services ?? []).map((service) => {
    if (!("worker" in service) || service.worker?.bindings === undefined) return service;
    const bindings = service.worker.bindings.map((binding) => {
      const variable = binding.name === undefined ? undefined : FROM_ENVIRONMENT[binding.name];
      return variable === undefined ? binding : { name: binding.name, fromEnvironment: variable };
    });
    return { ...service, worker: { ...service.worker, bindings } };
  });
  return { ...config, services };
}

/** What the launcher must override per start: sockets by name and every disk folder under the data folder. */
function layoutOf(config: Config, persistRoot: string, front: string): Omit<Layout, "migrations"> {
  const directories: Record<string, string> = {};
  for (const service of config.services ?? []) {
    const path = "disk" in service ? service.disk?.path : undefined;
    if (service.name !== undefined && path?.startsWith(persistRoot))
      directories[service.name] = path.slice(persistRoot.length + 1);
  }
  const sockets = (config.sockets ?? []).flatMap((socket) => (socket.name === undefined ? [] : [socket]));
  const socket = sockets.find((s) => s.service?.name === `core:user:${front}` && s.name !== "entry");
  if (socket?.name === undefined) throw new Error(`no direct socket for ${front} in Miniflare's config`);
  const host = (config.services ?? []).find(
    // Miniflare names it `core:builtin:<worker>:#<binding>`.
    (service) => "external" in service && service.name?.endsWith(`#${USER_CODE_HOST_BINDING}`),
  );
  if (host?.name === undefined) throw new Error(`no ${USER_CODE_HOST_BINDING} service in Miniflare's config`);
  const workerd = createRequire(createRequire(import.meta.url).resolve("miniflare"))("workerd") as {
    default?: string;
  };
  return {
    workerd: workerd.default ?? (workerd as unknown as string),
    sockets: sockets.map((s) => s.name as string),
    frontSocket: socket.name,
    userCodeHost: host.name,
    directories,
  };
}

/** Brings an existing data folder's D1 databases up to date, as the launcher did on every start before. */
async function migrate(workers: LocalWorker[], persistRoot: string): Promise<void> {
  const mf = new Miniflare({
    workers: workers.map((worker) => ({ ...worker.options, unsafeDirectSockets: [] })),
    defaultPersistRoot: persistRoot,
    host: "127.0.0.1",
    port: 0,
  });
  await mf.ready;
  await applyAll(mf, workers);
  await mf.dispose();
}

/** Applies every Worker's D1 migrations; returns a hash of them, which the launcher keeps beside the data. */
async function applyAll(mf: Miniflare, workers: LocalWorker[]): Promise<string> {
  const hash = createHash("sha256");
  for (const worker of workers) {
    for (const db of worker.d1) {
      await applyMigrations(mf, worker.name, db.binding, db.migrationsDir);
      hash.update(`${worker.name}/${db.binding}\0`);
      for (const file of migrationFiles(db.migrationsDir))
        hash.update(readFileSync(join(db.migrationsDir, file)));
    }
  }
  return hash.digest("hex");
}

const ADMIN_WORKER = "mockctl-admin";

export async function build(request: BuildRequest): Promise<void> {
  if (request.configs.length === 0) throw new Error("the local platform needs at least one Worker config");
  const workers = await Promise.all(request.configs.map((config) => loadWorker(config, request.vars)));
  const [edge] = workers;
  if (edge === undefined) throw new Error("unreachable");
  if (request.migrate !== undefined) return migrate(workers, request.migrate);
  edge.options.unsafeDirectSockets = [{ host: "127.0.0.1", port: 0 }];
  edge.options.serviceBindings = {
    ...edge.options.serviceBindings,
    // Served at run time by the launcher's loopback (loopback.ts); this function only shapes the config.
    [DATA_SOURCES_BINDING]: dataSourceService(process.cwd()) as never,
    [PROXY_OUT_BINDING]: proxyOutService as never,
    // Shapes only, likewise: the host's socket is given at start, and the supervisor is the loopback's.
    ...userCodeHostBindings(),
  };
  // The admin Worker tells the launcher which imposter ports to listen on (imposter-ports.ts); a shape
  // here too, served by the loopback at run time. Any other Worker (a test's placeholder admin) has none.
  for (const worker of workers) {
    if (worker.name !== ADMIN_WORKER) continue;
    worker.options.serviceBindings = {
      ...worker.options.serviceBindings,
      [IMPOSTER_PORTS_BINDING]: (async () => new Response(null, { status: 503 })) as never,
    };
  }
  const persistRoot = join(request.outDir, "template");
  rmSync(persistRoot, { recursive: true, force: true });
  mkdirSync(persistRoot, { recursive: true });
  const captured = captureConfig();
  const mf = new Miniflare({
    workers: workers.map((worker) => worker.options),
    defaultPersistRoot: persistRoot,
    host: "127.0.0.1",
    port: 0,
  });
  await mf.ready;
  const config = captured();
  const migrations = await applyAll(mf, workers);
  await mf.dispose();
  const assets = Object.fromEntries(
    workers.flatMap(({ assets }) => (assets === undefined ? [] : [[assets, builtKey(assets) ?? ""]])),
  );
  const layout: Layout = { ...layoutOf(config, persistRoot, edge.name), migrations, assets };
  writeFileSync(
    join(request.outDir, "workerd.capnp.bin"),
    serializeConfig({
      ...bindingsFromEnvironment(withoutAssetHops(config)),
      v8Flags: [...V8_FLAGS, ...(request.extraV8Flags ?? [])],
    }),
  );
  writeFileSync(join(request.outDir, "layout.json"), JSON.stringify(layout, null, 2));
}

const request = JSON.parse(process.argv[2] ?? "null") as BuildRequest | null;
if (request !== null) {
  await build(request);
  process.exit(0);
}
