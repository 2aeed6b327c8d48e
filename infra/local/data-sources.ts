import { constants } from "node:fs";
import { open } from "node:fs/promises";
import { resolve } from "node:path";
import { DATA_SOURCES_BINDING, dataSourcePath, MAX_DATA_SOURCE_BYTES } from "@mockctl/contract/data-sources";

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

/**
 * The file's bytes, if it is a regular file of at most MAX_DATA_SOURCE_BYTES (an upload's bound): a lookup
 * naming /dev/zero, a pipe or a file of gigabytes must not take the launcher's memory, and workerd's with
 * it. Read through one handle, to the bound and a byte past it, so a file that grows after the check is
 * still caught.
 */
async function readBounded(path: string): Promise<Buffer | "too large" | undefined> {
  // Non-blocking: opening a FIFO nobody writes would otherwise hold one of Node's few file threads forever.
  const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK).catch(() => undefined);
  if (handle === undefined) return undefined;
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) return undefined;
    if (stat.size > MAX_DATA_SOURCE_BYTES) return "too large";
    // Sized by the file, as readFile sizes it (a lookup reads on every request), with a byte to see growth.
    let buffer = Buffer.allocUnsafe(stat.size + 1);
    let filled = 0;
    for (;;) {
      if (filled === buffer.length) {
        const grown = Buffer.allocUnsafe(Math.min(buffer.length * 2, MAX_DATA_SOURCE_BYTES + 1));
        buffer.copy(grown);
        buffer = grown;
      }
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
      if (filled > MAX_DATA_SOURCE_BYTES) return "too large";
    }
    return buffer.subarray(0, filled);
  } catch {
    return undefined;
  } finally {
    await handle.close();
  }
}

export function dataSourceService(root: string): DataSourceService {
  return async (request) => {
    const path = dataSourcePath(request.url);
    if (path === null) return new Response("a path is required", { status: 400 });
    const bytes = await readBounded(resolve(root, path));
    if (bytes === undefined) return new Response(null, { status: 404 });
    if (bytes === "too large") return new Response(null, { status: 413 });
    return new Response(new Uint8Array(bytes), { headers: { "content-type": "text/plain; charset=utf-8" } });
  };
}
