/**
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
