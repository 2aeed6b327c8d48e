/**
 * Lookup data sources: files a lookup behavior names by its `csv.path`. Two places hold them, and the edge
 * asks in this order: a CSV uploaded to the workspace through the platform API (`PLATFORM_PATHS`
 * `dataSources`, stored in KV under `uploadedDataSourceKey`, on every platform), then the local platform's
 * disk through its launcher (below).
 *
 * The data-source protocol between the edge Worker and the local platform's launcher, which reads a lookup
 * behavior's `csv.path` from disk as mb does (infra/local/data-sources.ts). The edge asks
 * `GET http://data-sources/read?path=<path>` on the binding below; 200 carries the file's text, 404 means
 * no such file (mb then leaves the lookup's tokens in place), 400 a request without a path. A deployed
 * platform has no such binding.
 */
export const DATA_SOURCES_BINDING = "DATA_SOURCES";

export const dataSourceUrl = (path: string) => `http://data-sources/read?path=${encodeURIComponent(path)}`;

/** The path a data-source request asks for; null when it names none. */
export function dataSourcePath(requestUrl: string): string | null {
  const path = new URL(requestUrl).searchParams.get("path");
  return path === null || path === "" ? null : path;
}

/**
 * Uploaded data sources live in the SNAPSHOTS KV namespace, which both Workers already bind, under a prefix
 * no snapshot key can start with (snapshot keys start with a workspace id, which has no `/`). One key per
 * (workspace, path): the value is the CSV text, its metadata the view the list answers without reading it.
 */
export const UPLOADED_DATA_SOURCES_PREFIX = "data-sources/";
export const uploadedDataSourcesPrefix = (workspace: string) =>
  `${UPLOADED_DATA_SOURCES_PREFIX}${workspace}/`;
export const uploadedDataSourceKey = (workspace: string, path: string) =>
  `${uploadedDataSourcesPrefix(workspace)}${path}`;

/** The largest CSV one upload may hold, in UTF-8 bytes (a lookup parses it on every request, as mb does). */
export const MAX_DATA_SOURCE_BYTES = 5 * 1024 * 1024;

/**
 * How long an edge location may serve an uploaded CSV from KV's cache after it read it: KV's minimum. An
 * upload or a delete is seen at once where it was made and within this many seconds (plus KV's own
 * propagation, up to a minute) elsewhere.
 */
export const DATA_SOURCE_CACHE_TTL_S = 30;
