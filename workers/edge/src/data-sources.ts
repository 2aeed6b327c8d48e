import { dataSourceUrl } from "@mockctl/contract";
import type { EngineDeps } from "@mockctl/core";

/**
 * Where a lookup behavior's `csv.path` is read. The local platform binds DATA_SOURCES to its launcher, which
 * reads the file from disk as mb does (infra/local/data-sources.ts); a deployed platform has no such binding,
 * so a lookup there finds no file and leaves its tokens in place, exactly what mb answers for a missing file.
 */
interface DataSourceEnv {
  DATA_SOURCES?: Fetcher;
}

type DataSourceDeps = Pick<EngineDeps, "dataSource">;

const NONE: DataSourceDeps = {};
let boundTo: unknown;
let deps: DataSourceDeps = NONE;

const KEEP_BOM = new TextDecoder("utf-8", { ignoreBOM: true });

async function read(source: Fetcher, path: string): Promise<string | undefined> {
  const response = await source.fetch(dataSourceUrl(path));
  // Not response.text(): it drops a leading byte order mark, which mb keeps (it hides the first column).
  if (response.ok) return KEEP_BOM.decode(await response.arrayBuffer());
  await response.body?.cancel();
  return undefined;
}

/** The engine's data-source seam for this env; made once per env object, not once per request. */
export function dataSourceDeps(env: object): DataSourceDeps {
  if (env !== boundTo) {
    boundTo = env;
    const source = (env as DataSourceEnv).DATA_SOURCES;
    deps = source === undefined ? NONE : { dataSource: (path) => read(source, path) };
  }
  return deps;
}
