import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { CliError } from "./output.ts";

/**
 * The mockctl repository the platform commands run from: MOCKCTL_PLATFORM_ROOT, else the checkout this
 * package sits in (packages/mockctl). The packed CLI carries no Workers, no workerd and no wrangler, so
 * `dev` and `platform deploy` need a checkout (README "Limits").
 */
export function platformRoot(env: NodeJS.ProcessEnv): string {
  const candidates = [env.MOCKCTL_PLATFORM_ROOT, fileURLToPath(new URL("../../..", import.meta.url))];
  for (const candidate of candidates) {
    if (candidate && existsSync(join(candidate, "infra", "local", "start.mjs"))) return resolve(candidate);
  }
  throw new CliError(
    "this command needs a checkout of the mockctl repository (with `npm ci` done)",
    ["the packed CLI deploys imposters; the platform itself runs from the repository"],
    "Run it from the repository, or set MOCKCTL_PLATFORM_ROOT to the checkout's folder.",
  );
}
