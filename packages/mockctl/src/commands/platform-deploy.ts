import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Command, type Context, flag, stringValue } from "../command.ts";
import { CliError, table, UsageError } from "../output.ts";
import { type PlatformRoot, platformRoot } from "../platform-root.ts";
import { bundleSizes, LIMITS, overLimit } from "./bundle-sizes.ts";

/** Runs infra/cloudflare/deploy.ts (today's `npm run platform:deploy`), compiled in the packed package. */
function runDeployScript(
  { root, deployScript }: PlatformRoot,
  args: string[],
  env: NodeJS.ProcessEnv,
  quiet: boolean,
): Promise<number> {
  const child = spawn(process.execPath, [...deployScript, ...args], {
    cwd: root,
    env,
    stdio: ["ignore", quiet ? "ignore" : "inherit", "inherit"],
  });
  return new Promise((done) => child.on("exit", (code) => done(code ?? 1)));
}

export const platformDeploy: Command = {
  name: "platform deploy",
  summary: "Deploy the platform to your Cloudflare account (Workers, KV, D1, Durable Objects)",
  description: [
    "Runs wrangler as `npm run platform:deploy` does (infra/README.md): resources created when missing,",
    "D1 migrations applied, both Workers deployed. Needs CLOUDFLARE_API_TOKEN (or `wrangler login`);",
    "MOCKCTL_API_KEY sets the admin API key. --dry-run needs no account: it bundles both Workers and",
    `checks their sizes against Cloudflare's limits (${LIMITS.freeGzip / 2 ** 20} MiB gzipped on the free plan,`,
    `${LIMITS.paidGzip / 2 ** 20} MiB on paid, ${LIMITS.raw / 2 ** 20} MiB uncompressed).`,
  ],
  options: {
    env: {
      type: "string",
      short: "e",
      value: "<name>",
      description: "the environment: staging or production",
    },
    zone: {
      type: "string",
      value: "<zone>",
      description: "serve imposters at <port>.<zone> (env MOCKCTL_ZONE)",
    },
    "dry-run": { type: "boolean", description: "bundle and check sizes; touch no account" },
    out: { type: "string", value: "<dir>", description: "where configs and bundles are written" },
  },
  examples: ["mockctl platform deploy --env staging --dry-run", "mockctl platform deploy --env production"],
  async run(context) {
    const env = stringValue(context, "env");
    if (env === undefined) throw new UsageError("--env is required, e.g. --env staging", "platform deploy");
    const root = platformRoot(context.env);
    const dryRun = flag(context, "dry-run");
    const asked = stringValue(context, "out");
    // A dry run without --out bundles into a folder of its own, removed once the sizes are read: each
    // run writes several megabytes, and CI runs it on every push.
    const scratch =
      asked === undefined && dryRun ? mkdtempSync(join(tmpdir(), "mockctl-dry-run-")) : undefined;
    try {
      await deploy(context, root, env, asked ?? scratch, dryRun);
    } finally {
      if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
    }
  },
};

async function deploy(
  context: Context,
  root: PlatformRoot,
  env: string,
  out: string | undefined,
  dryRun: boolean,
): Promise<void> {
  const args = ["--env", env];
  const zone = stringValue(context, "zone");
  if (zone !== undefined) args.push("--zone", zone);
  if (out !== undefined) args.push("--out", out);
  if (dryRun) args.push("--dry-run");
  const code = await runDeployScript(root, args, context.env, context.out.json);
  if (code !== 0)
    throw new CliError(`the platform deploy failed (exit code ${code})`, [], "See its output above.");
  if (!dryRun || out === undefined) {
    context.out.success(`The platform is deployed to ${env}.`, { env });
    return;
  }
  const sizes = bundleSizes(out);
  const rows = sizes.map((s) => [
    s.worker,
    String(s.bytes),
    String(s.gzip),
    `${((s.gzip / LIMITS.freeGzip) * 100).toFixed(1)}%`,
  ]);
  context.out.line(table(["WORKER", "BYTES", "GZIPPED", "OF FREE LIMIT"], rows));
  const over = sizes.filter(overLimit);
  if (over.length > 0) {
    throw new CliError(
      "a bundle is over Cloudflare's size limits",
      over.map((s) => `${s.worker}: ${s.gzip} bytes gzipped`),
    );
  }
  context.out.success(
    `Dry run of ${env}: both Workers bundled within Cloudflare's limits; nothing was deployed.`,
    { env, ...(stringValue(context, "out") === undefined ? {} : { out }), sizes, limits: LIMITS },
  );
}
