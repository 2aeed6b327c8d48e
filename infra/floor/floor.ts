import { fileURLToPath } from "node:url";
import { Miniflare } from "miniflare";
import type { Platform } from "../local/platform.ts";
import { loadWorker } from "../local/worker-options.ts";

const CONFIG = fileURLToPath(new URL("./wrangler.jsonc", import.meta.url));

/** Serves the hello-world Worker on a direct socket, like the platform's front door (no entry worker). */
export async function startFloor(
  options: { port?: number; host?: string; inspectorPort?: number } = {},
): Promise<Platform> {
  const worker = await loadWorker(CONFIG);
  worker.options.unsafeDirectSockets = [{ host: options.host ?? "127.0.0.1", port: options.port ?? 2526 }];
  // An inspector port (for profiling, infra/bench/profile-body.ts) is passed to workerd as --inspector-addr.
  const inspector = options.inspectorPort === undefined ? {} : { inspectorPort: options.inspectorPort };
  const mf = new Miniflare({ workers: [worker.options], host: "127.0.0.1", port: 0, ...inspector });
  const url = (await mf.unsafeGetDirectURL(worker.name)).toString().replace(/\/$/, "");
  return { url, stop: () => mf.dispose() };
}
