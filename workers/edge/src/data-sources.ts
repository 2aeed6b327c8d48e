import { DATA_SOURCE_CACHE_TTL_S, dataSourceUrl, uploadedDataSourceKey } from "@mockctl/contract";
import { MAX_DATA_SOURCE_BYTES } from "@mockctl/contract/data-sources";
import type { EngineDeps } from "@mockctl/core";

/**
 * Where a lookup behavior's `csv.path` is read: first the CSV uploaded under that exact path to the
 * imposter's workspace (the platform API's data sources, in the SNAPSHOTS KV namespace; every platform),
 * then the local platform's disk, which its launcher reads for us through DATA_SOURCES as mb reads it
 * (infra/local/data-sources.ts). A deployed platform has no disk: a path never uploaded is a missing file
 * there, and mb's answer for a missing file is to leave the lookup's tokens in place.
 */
interface DataSourceEnv {
  DATA_SOURCES?: Fetcher;
  SNAPSHOTS?: KVNamespace;
  WORKSPACE?: string;
}

type DataSourceDeps = Pick<EngineDeps, "dataSource">;

const NONE: DataSourceDeps = {};
let boundTo: unknown;
let byWorkspace = new Map<string, DataSourceDeps>();

const KEEP_BOM = new TextDecoder("utf-8", { ignoreBOM: true });

async function readDisk(source: Fetcher, path: string): Promise<string | undefined> {
  const response = await source.fetch(dataSourceUrl(path));
  // A leading byte order mark stays, as mb keeps it (it hides the first column): the edge's text() keeps it
  // (do_not_strip_bom_in_read_all_text, wrangler.jsonc).
  if (response.ok) return response.text();
  await response.body?.cancel();
  // mb leaves the tokens of a lookup whose file it cannot read; the platform's log says why.
  if (response.status === 413) {
    console.warn(
      `lookup data source ${path} is past ${MAX_DATA_SOURCE_BYTES} bytes, the most a lookup reads`,
    );
  }
  return undefined;
}

async function readUploaded(kv: KVNamespace, workspace: string, path: string): Promise<string | undefined> {
  const key = uploadedDataSourceKey(workspace, path);
  const bytes = await kv.get(key, { type: "arrayBuffer", cacheTtl: DATA_SOURCE_CACHE_TTL_S });
  return bytes === null ? undefined : KEEP_BOM.decode(bytes);
}

/**
 * The disk is the launcher's, read as mb reads it for the one user who started it: the default workspace's.
 * Another workspace is another tenant of the platform, who must not read the host's files by path.
 */
function depsFor(env: DataSourceEnv, workspace: string): DataSourceDeps {
  const kv = env.SNAPSHOTS;
  const disk = workspace === env.WORKSPACE ? env.DATA_SOURCES : undefined;
  if (kv === undefined && disk === undefined) return NONE;
  return {
    dataSource: async (path) =>
      (kv && (await readUploaded(kv, workspace, path))) ?? (disk && (await readDisk(disk, path))),
  };
}

/**
 * The engine's data-source seam for this env and the imposter's workspace (the env's default one when not
 * given); made once per (env, workspace), not once per request.
 */
export function dataSourceDeps(env: object, workspace?: string): DataSourceDeps {
  if (env !== boundTo) {
    boundTo = env;
    byWorkspace = new Map();
  }
  const known = env as DataSourceEnv;
  const id = workspace ?? known.WORKSPACE ?? "";
  let deps = byWorkspace.get(id);
  if (deps === undefined) {
    deps = depsFor(known, id);
    byWorkspace.set(id, deps);
  }
  return deps;
}
