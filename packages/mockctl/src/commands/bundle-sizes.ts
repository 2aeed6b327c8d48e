import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/**
 * Cloudflare's Worker size limits (developers.cloudflare.com/workers/platform/limits): the compressed
 * upload is capped at 3 MiB on the free plan and 10 MiB on paid; 64 MiB uncompressed on both.
 */
export const LIMITS = { freeGzip: 3 * 2 ** 20, paidGzip: 10 * 2 ** 20, raw: 64 * 2 ** 20 };

export interface BundleSize {
  worker: string;
  bytes: number;
  gzip: number;
}

/** The modules wrangler wrote for each Worker under <out>/<worker>/ (maps and the metafile excluded). */
export function bundleSizes(out: string): BundleSize[] {
  return (
    readdirSync(out)
      // wrangler leaves a .wrangler folder of its own state beside the bundles.
      .filter((entry) => !entry.startsWith(".") && statSync(join(out, entry)).isDirectory())
      .map((worker) => {
        const files = readdirSync(join(out, worker), { recursive: true, encoding: "utf8" })
          .filter((file) => /\.(m?js|wasm)$/.test(file))
          .map((file) => readFileSync(join(out, worker, file)));
        const all = Buffer.concat(files);
        return { worker, bytes: all.length, gzip: gzipSync(all).length };
      })
      .sort((a, b) => a.worker.localeCompare(b.worker))
  );
}

/** Over the free plan's limit fails: the platform is meant to run on a free account. */
export const overLimit = (size: BundleSize): boolean =>
  size.gzip > LIMITS.freeGzip || size.bytes > LIMITS.raw;
