import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { DeployOptions } from "./deploy-plan.ts";
import { environment } from "./environments.ts";

const HERE = fileURLToPath(new URL(".", import.meta.url));

/** Written configs and bundles stay out of git (.gitignore here): they hold one account's ids. */
export const defaultOutDir = (env: string): string => resolve(HERE, ".generated", env);

// A DNS name of at least two labels; the wildcard route and *.<zone> hosts are built from it.
const ZONE = /^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/;

/**
 * `--env <name> [--zone example.com] [--dry-run] [--out <dir>]`; MOCKCTL_ZONE stands for --zone and
 * MOCKCTL_API_KEY carries the admin API key (never a flag, which would show in `ps` and shell history).
 */
export function parseDeployArgs(argv: string[], env: NodeJS.ProcessEnv): DeployOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      env: { type: "string", short: "e" },
      zone: { type: "string" },
      "dry-run": { type: "boolean" },
      out: { type: "string" },
    },
    strict: true,
  });
  if (values.env === undefined) throw new Error("--env is required, e.g. --env staging");
  environment(values.env); // refuses an unknown one early, before anything is written
  // An empty variable counts as unset, as shells and CI systems often leave one.
  const zone = (values.zone ?? env.MOCKCTL_ZONE)?.toLowerCase() || undefined;
  if (zone !== undefined && !ZONE.test(zone)) throw new Error(`invalid zone: ${zone}`);
  const apiKey = env.MOCKCTL_API_KEY;
  return {
    env: values.env,
    zone,
    dryRun: values["dry-run"] === true,
    outDir: resolve(values.out ?? defaultOutDir(values.env)),
    apiKey: apiKey === "" ? undefined : apiKey,
  };
}
