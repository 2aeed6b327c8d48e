import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { CliError } from "./output.ts";

/**
 * Where the platform commands find the launcher and the deploy script: a checkout of the repository (run
 * from sources: start.mjs compiles the launcher, tsx runs deploy.ts), or the `platform/` folder the packed
 * package carries (compiled at prepack by scripts/bundle-platform.mjs, laid out like the repository).
 */
export interface PlatformRoot {
  root: string;
  /** `node <args>` starts the local platform (`npm start`). */
  launcher: string[];
  /** `node <args>` runs today's `npm run platform:deploy`. */
  deployScript: string[];
}

/**
 * Node flags of the launcher, as `npm start` gives them (package.json): a 1 MB young generation keeps the
 * keep-alive relay's heap at its idle size after load (28 → 27 MB instead of 28 → 39 MB after 30 s of wrk;
 * infra/bench/START.md), at the same relay throughput in interleaved runs.
 */
export const LAUNCHER_NODE_FLAGS = ["--max-semi-space-size=1"];

function checkout(root: string): PlatformRoot | undefined {
  if (!existsSync(join(root, "infra/local/start.mjs")) || !existsSync(join(root, "workers/edge"))) return;
  return {
    root,
    launcher: [...LAUNCHER_NODE_FLAGS, join(root, "infra/local/start.mjs")],
    deployScript: [join(root, "node_modules/tsx/dist/cli.mjs"), "infra/cloudflare/deploy.ts"],
  };
}

function packed(root: string): PlatformRoot | undefined {
  if (!existsSync(join(root, "infra/local/cli.mjs"))) return;
  return {
    root,
    launcher: [...LAUNCHER_NODE_FLAGS, join(root, "infra/local/cli.mjs")],
    deployScript: [join(root, "infra/cloudflare/deploy.mjs")],
  };
}

const atRoot = (folder: string) => checkout(folder) ?? packed(folder);

/** The checkout above the running CLI (its sources, or their bundle under node_modules/.cache), if any. */
function enclosingCheckout(): PlatformRoot | undefined {
  for (let folder = dirname(fileURLToPath(import.meta.url)); ; folder = dirname(folder)) {
    const found = checkout(folder);
    if (found !== undefined || dirname(folder) === folder) return found;
  }
}

/**
 * MOCKCTL_PLATFORM_ROOT (a checkout or a packed `platform/`), else the `platform/` beside the packed CLI's
 * dist/, else the checkout this CLI runs from.
 */
export function platformRoot(env: NodeJS.ProcessEnv): PlatformRoot {
  const fromEnv = env.MOCKCTL_PLATFORM_ROOT ? atRoot(resolve(env.MOCKCTL_PLATFORM_ROOT)) : undefined;
  const found =
    fromEnv ?? packed(fileURLToPath(new URL("../platform", import.meta.url))) ?? enclosingCheckout();
  if (found !== undefined) return found;
  throw new CliError(
    "found neither the packed platform nor a checkout of the mockctl repository",
    ["the package's platform/ folder is made when it is packed (npm pack)"],
    "Reinstall the package, or set MOCKCTL_PLATFORM_ROOT to a checkout (with `npm ci` done).",
  );
}
