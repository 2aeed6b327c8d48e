// The local platform's cold path, run in a child process (platform.ts) that exits when done, so wrangler,
// esbuild and Miniflare (about 1.9 s and 300 MB together, infra/local/README.md) never load into the
// long-lived launcher. It builds the Workers' Miniflare options from their wrangler configs, lets Miniflare
// assemble the workerd config once, keeps that config, and leaves a data folder with D1 migrated.
import childProcess from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { Miniflare } from "miniflare";
import { DATA_SOURCES_BINDING, dataSourceService } from "./data-sources.ts";
import type { BuildRequest, Layout } from "./layout.ts";
import { applyMigrations, migrationFiles } from "./migrations.ts";
import { type LocalWorker, loadWorker } from "./worker-options.ts";

/** Miniflare writes its config to workerd's stdin; this keeps a copy of what the next spawn is sent. */
function captureWorkerdConfig(): () => Buffer {
  const chunks: Buffer[] = [];
  const spawn = childProcess.spawn;
  childProcess.spawn = ((...args: Parameters<typeof spawn>) => {
    const child = spawn(...args);
    const write = child.stdin?.write.bind(child.stdin);
    if (child.stdin !== null && write !== undefined) {
      child.stdin.write = ((chunk: Buffer, ...rest: never[]) => {
        chunks.push(Buffer.from(chunk));
        return write(chunk, ...rest);
      }) as typeof child.stdin.write;
    }
    return child;
  }) as typeof spawn;
  return () => {
    childProcess.spawn = spawn;
    return Buffer.concat(chunks);
  };
}

/** What the launcher must override per start: sockets by name and every disk folder under the data folder. */
function layoutOf(configJson: string, persistRoot: string, front: string): Omit<Layout, "migrations"> {
  const config = JSON.parse(configJson) as {
    sockets: Array<{ name: string; service: { name: string } }>;
    services: Array<{ name: string; disk?: { path: string } }>;
  };
  const directories: Record<string, string> = {};
  for (const service of config.services) {
    const path = service.disk?.path;
    if (path?.startsWith(persistRoot)) directories[service.name] = path.slice(persistRoot.length + 1);
  }
  const socket = config.sockets.find((s) => s.service.name === `core:user:${front}` && s.name !== "entry");
  if (socket === undefined) throw new Error(`no direct socket for ${front} in Miniflare's config`);
  const workerd = createRequire(createRequire(import.meta.url).resolve("miniflare"))("workerd") as {
    default?: string;
  };
  return {
    workerd: workerd.default ?? (workerd as unknown as string),
    sockets: config.sockets.map((s) => s.name),
    frontSocket: socket.name,
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

export async function build(request: BuildRequest): Promise<void> {
  const [front, ...rest] = request.configs;
  if (front === undefined) throw new Error("the local platform needs at least one Worker config");
  const workers = await Promise.all([loadWorker(front), ...rest.map((c) => loadWorker(c, request.vars))]);
  const [edge] = workers;
  if (edge === undefined) throw new Error("unreachable");
  if (request.migrate !== undefined) return migrate(workers, request.migrate);
  edge.options.unsafeDirectSockets = [{ host: "127.0.0.1", port: 0 }];
  edge.options.serviceBindings = {
    ...edge.options.serviceBindings,
    // Served at run time by the launcher's loopback (loopback.ts); this function only shapes the config.
    [DATA_SOURCES_BINDING]: dataSourceService(process.cwd()) as never,
  };
  const debugJson = join(request.outDir, "config.json");
  process.env.MINIFLARE_WORKERD_CONFIG_DEBUG = debugJson;
  const persistRoot = join(request.outDir, "template");
  rmSync(persistRoot, { recursive: true, force: true });
  mkdirSync(persistRoot, { recursive: true });
  const captured = captureWorkerdConfig();
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
  const layout: Layout = { ...layoutOf(readFileSync(debugJson, "utf8"), persistRoot, edge.name), migrations };
  rmSync(debugJson);
  writeFileSync(join(request.outDir, "workerd.capnp.bin"), config);
  writeFileSync(join(request.outDir, "layout.json"), JSON.stringify(layout, null, 2));
}

const request = JSON.parse(process.argv[2] ?? "null") as BuildRequest | null;
if (request !== null) {
  await build(request);
  process.exit(0);
}
