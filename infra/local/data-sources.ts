import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { DATA_SOURCES_BINDING, dataSourcePath } from "@mockctl/contract/data-sources";

/**
 * The local platform's answer to a lookup behavior's `fromDataSource.csv.path`. Mountebank reads that file
 * from its own disk on every lookup, relative to where `mb` was started; a Worker has no disk, so the
 * launcher (plain Node) reads it for the edge Worker through a service binding. Same rules as mb: read on
 * every request (an edited file is seen at once), a path relative to the folder the user started in, and
 * a file that cannot be read leaves the lookup's tokens in place (404 here, `undefined` in the core).
 *
 * This exists only on the local platform, as mb itself is a local tool: the deployed platform has no
 * binding of this name. The protocol is the contract's (@mockctl/contract, data-sources.ts).
 */
export { DATA_SOURCES_BINDING };

export type DataSourceService = (request: Request) => Promise<Response>;

export function dataSourceService(root: string): DataSourceService {
  return async (request) => {
    const path = dataSourcePath(request.url);
    if (path === null) return new Response("a path is required", { status: 400 });
    try {
      return new Response(await readFile(resolve(root, path), "utf8"), {
        headers: { "content-type": "text/plain; charset=utf-8" },
      });
    } catch {
      return new Response(null, { status: 404 });
    }
  };
}
