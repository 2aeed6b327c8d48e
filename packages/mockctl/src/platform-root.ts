import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { CliError } from "./output.ts";

const isCheckout = (folder: string) =>
  existsSync(join(folder, "infra", "local", "start.mjs")) && existsSync(join(folder, "workers", "edge"));

/** The checkout above the running CLI (its sources, or their bundle under node_modules/.cache), if any. */
function enclosingCheckout(): string | undefined {
  let folder = dirname(fileURLToPath(import.meta.url));
  while (!isCheckout(folder)) {
    const parent = dirname(folder);
    if (parent === folder) return undefined;
    folder = parent;
  }
  return folder;
}

/**
 * The mockctl repository the platform commands run from: MOCKCTL_PLATFORM_ROOT, else the checkout this
 * CLI runs from. The packed CLI carries no Workers, no workerd and no wrangler, so `dev` and
 * `platform deploy` need a checkout (packages/mockctl/README.md).
 */
export function platformRoot(env: NodeJS.ProcessEnv): string {
  const candidates = [env.MOCKCTL_PLATFORM_ROOT, enclosingCheckout()];
  for (const candidate of candidates) {
    if (candidate && isCheckout(candidate)) return resolve(candidate);
  }
  throw new CliError(
    "this command needs a checkout of the mockctl repository (with `npm ci` done)",
    ["the packed CLI deploys imposters; the platform itself runs from the repository"],
    "Run it from the repository, or set MOCKCTL_PLATFORM_ROOT to the checkout's folder.",
  );
}
