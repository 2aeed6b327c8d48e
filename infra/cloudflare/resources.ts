import type { Unstable_Config as Config } from "wrangler";
import { inEnv, type Resources } from "./environments.ts";
import { DeployError, detail, type Log, progress, success } from "./output.ts";
import { must, type Wrangler } from "./wrangler-cli.ts";

const LOGIN =
  "Run `npx wrangler login` (or set CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID) and try again.";

function parseList(stdout: string, command: string): unknown[] {
  // wrangler prints the JSON last; anything before it (a banner, a warning) is not ours to read.
  const start = stdout.search(/^\[/m);
  try {
    const list: unknown = JSON.parse(start < 0 ? stdout : stdout.slice(start));
    if (Array.isArray(list)) return list;
  } catch {}
  throw new DeployError(`could not read the output of wrangler ${command}`, stdout, LOGIN);
}

/** The `idKey` of the entry whose `nameKey` is `name`, from a wrangler list command's JSON. */
function findId(list: unknown[], nameKey: string, idKey: string, name: string): string | undefined {
  for (const entry of list) {
    if (typeof entry !== "object" || entry === null) continue;
    const record = entry as Record<string, unknown>;
    if (record[nameKey] === name && typeof record[idKey] === "string") return record[idKey];
  }
  return undefined;
}

interface Kind {
  label: string;
  list: string[];
  create: (name: string) => string[];
  nameKey: string;
  idKey: string;
}

const KV: Kind = {
  label: "KV namespace",
  list: ["kv", "namespace", "list"],
  create: (title) => ["kv", "namespace", "create", title, "--update-config=false"],
  nameKey: "title",
  idKey: "id",
};

const D1: Kind = {
  label: "D1 database",
  list: ["d1", "list", "--json"],
  create: (name) => ["d1", "create", name, "--update-config=false"],
  nameKey: "name",
  idKey: "uuid",
};

/** Looks a resource up by name and creates it when the account has none; answers its id. */
async function ensure(wrangler: Wrangler, log: Log, kind: Kind, name: string): Promise<string> {
  log(progress(`Looking up ${kind.label} "${name}"`));
  const listed = async () =>
    findId(
      parseList(await must(wrangler, kind.list, LOGIN), kind.list.join(" ")),
      kind.nameKey,
      kind.idKey,
      name,
    );
  const existing = await listed();
  if (existing !== undefined) {
    log(detail(`Using ${kind.label} "${name}" (${existing})`));
    return existing;
  }
  log(progress(`Creating ${kind.label} "${name}"`));
  await must(wrangler, kind.create(name), LOGIN);
  const created = await listed();
  if (created === undefined) {
    throw new DeployError(
      `${kind.label} "${name}" was created but is not listed`,
      "",
      "Run the deploy again.",
    );
  }
  log(success(`Created ${kind.label} "${name}" (${created})`));
  return created;
}

/**
 * The account ids of every KV namespace and D1 database the Workers bind, each once: both Workers bind
 * the local "mockctl-snapshots", so both get the one namespace "mockctl-snapshots-<env>".
 */
export async function resolveResources(
  wrangler: Wrangler,
  log: Log,
  bases: readonly Config[],
  env: string,
): Promise<Resources> {
  const resources: Resources = { kv: {}, d1: {} };
  for (const base of bases) {
    for (const { id } of base.kv_namespaces) {
      if (id !== undefined && !(id in resources.kv)) {
        resources.kv[id] = await ensure(wrangler, log, KV, inEnv(id, env));
      }
    }
    for (const { database_name: name } of base.d1_databases) {
      if (name !== undefined && !(name in resources.d1)) {
        resources.d1[name] = await ensure(wrangler, log, D1, inEnv(name, env));
      }
    }
  }
  return resources;
}

/** Stand-ins for a dry run, which never talks to an account: ids that say where they came from. */
export function placeholderResources(bases: readonly Config[], env: string): Resources {
  const resources: Resources = { kv: {}, d1: {} };
  for (const base of bases) {
    for (const { id } of base.kv_namespaces)
      if (id !== undefined) resources.kv[id] = `dry-run-${inEnv(id, env)}`;
    for (const { database_name: name } of base.d1_databases) {
      if (name !== undefined) resources.d1[name] = `dry-run-${inEnv(name, env)}`;
    }
  }
  return resources;
}
