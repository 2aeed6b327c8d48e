import { dirname, relative, resolve } from "node:path";
import type { Unstable_Config as Config, Unstable_RawConfig, Unstable_RawEnvironment } from "wrangler";
import { inEnv, SECRET_VARS, type Target } from "./environments.ts";

type RawEnvironment = Unstable_RawEnvironment;
type RawConfig = Unstable_RawConfig;

function need(ids: Record<string, string>, key: string | undefined, what: string): string {
  const id = key === undefined ? undefined : ids[key];
  if (id === undefined) throw new Error(`no ${what} id resolved for "${key}"`);
  return id;
}

function workerName(base: Config): string {
  if (base.name === undefined) throw new Error(`${base.configPath} needs a "name"`);
  return base.name;
}

/** Host addressing needs one wildcard route; the apex and other names stay the zone owner's. */
export function routesFor(zone: string | undefined): RawEnvironment["routes"] {
  return zone === undefined ? [] : [{ pattern: `*.${zone}/*`, zone_name: zone }];
}

function varsFor(base: Config, target: Target): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const [key, value] of Object.entries(base.vars)) {
    if (!SECRET_VARS.has(key)) vars[key] = typeof value === "string" ? value : JSON.stringify(value);
  }
  // Only vars the Worker declares are set, so each Worker's env stays what its types say.
  const overrides = {
    ZONE: target.zone ?? "",
    WORKSPACE: target.spec.workspace,
    ALLOW_INJECTION: String(target.spec.allowInjection),
    ALLOWED_ORIGINS: target.spec.allowedOrigins.join(","),
    // The Host check guards a laptop against DNS rebinding; a deployed admin API answers any name its
    // routes and workers.dev send it, and every call there needs a token.
    ALLOWED_HOSTS: "*",
  };
  for (const [key, value] of Object.entries(overrides)) if (key in vars) vars[key] = value;
  return vars;
}

/** How a Worker is reached: the front door publicly, the admin Worker only through its service binding. */
export interface Exposure {
  front: boolean;
}

/**
 * The Worker's named environment. Bindings are not inherited from the top level, so every binding of the
 * local config is repeated with the account's ids and the environment's Worker names; `outDir` is where the
 * config is written, which relative paths (D1 migrations) are resolved from.
 */
export function envBlock(base: Config, target: Target, outDir: string, { front }: Exposure): RawEnvironment {
  const { env, resources } = target;
  const baseDir = dirname(resolve(base.configPath ?? "."));
  return {
    name: inEnv(workerName(base), env),
    // workers.dev gives the front door a URL without a zone (path addressing, /i/<port>).
    workers_dev: front,
    routes: front ? routesFor(target.zone) : [],
    // esbuild's keepNames wraps every function in a __name call: ~2–3 µs per request on the hot path.
    keep_names: false,
    vars: varsFor(base, target),
    kv_namespaces: base.kv_namespaces.map((kv) => ({
      binding: kv.binding,
      id: need(resources.kv, kv.id, "KV namespace"),
    })),
    d1_databases: base.d1_databases.map((db) => ({
      binding: db.binding,
      database_name: inEnv(db.database_name ?? db.binding, env),
      database_id: need(resources.d1, db.database_name, "D1 database"),
      migrations_dir: relative(outDir, resolve(baseDir, db.migrations_dir ?? "migrations")),
    })),
    durable_objects: {
      bindings: base.durable_objects.bindings.map((binding) =>
        binding.script_name === undefined
          ? binding
          : { ...binding, script_name: inEnv(binding.script_name, env) },
      ),
    },
    migrations: base.migrations,
    services: (base.services ?? []).map((service) => ({ ...service, service: inEnv(service.service, env) })),
    worker_loaders: base.worker_loaders,
  };
}

/**
 * A deployable config for one environment: the local config's inheritable fields at the top level, the
 * environment under `env`. Deployed with `wrangler deploy -c <file> --env <env>`.
 */
export function renderConfig(base: Config, target: Target, outDir: string, exposure: Exposure): RawConfig {
  if (base.main === undefined) throw new Error(`${base.configPath} needs a "main"`);
  const baseDir = dirname(resolve(base.configPath ?? "."));
  // Static assets (the admin Worker's dashboard) are inherited by every environment; their folder is
  // relative to the written config, like `main`.
  const assets = base.assets && {
    ...base.assets,
    directory: relative(outDir, resolve(baseDir, base.assets.directory ?? ".")),
  };
  return {
    name: workerName(base),
    main: relative(outDir, base.main),
    compatibility_date: base.compatibility_date,
    compatibility_flags: base.compatibility_flags,
    keep_names: false,
    ...(assets ? { assets } : {}),
    env: { [target.env]: envBlock(base, target, outDir, exposure) },
  };
}
