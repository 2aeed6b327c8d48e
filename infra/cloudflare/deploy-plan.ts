import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { ensureAssets } from "../local/assets.ts";
import { repositoryRoot } from "../local/layout.ts";
import { environment, SECRET_VARS, type Target } from "./environments.ts";
import { DeployError, detail, type Log, progress, success } from "./output.ts";
import { readBase, WORKERS, type WrittenConfig, writeBootstrap, writeConfigs } from "./platform-workers.ts";
import { placeholderResources, resolveResources } from "./resources.ts";
import { must, type Wrangler } from "./wrangler-cli.ts";

export interface DeployOptions {
  env: string;
  zone: string | undefined;
  dryRun: boolean;
  /** Where the resolved configs (and a dry run's bundles) are written. */
  outDir: string;
  /** Sent as the admin Worker's API_KEY secret; without it, a secret set earlier stays as it is. */
  apiKey: string | undefined;
}

const RETRY = "Fix the cause above and run the deploy again: every step can be repeated safely.";

/** The environment's configs, written; a dry run uses stand-in ids and never talks to an account. */
async function prepare(options: DeployOptions, wrangler: Wrangler, log: Log) {
  const spec = environment(options.env);
  const bases = WORKERS.map(readBase);
  // wrangler uploads (or, dry, checks) the assets folder: the dashboard is built first when its sources changed.
  for (const base of bases) {
    const directory = base.assets?.directory;
    if (directory !== undefined)
      await ensureAssets(repositoryRoot(), resolve(dirname(resolve(base.configPath ?? ".")), directory));
  }
  const resources = options.dryRun
    ? placeholderResources(bases, options.env)
    : await resolveResources(wrangler, log, bases, options.env);
  const target: Target = { env: options.env, spec, zone: options.zone, resources };
  // A dry run's folder may be scratch that `mockctl platform deploy` removes: its lines do not name it.
  log(progress(`Writing the ${options.env} configs${options.dryRun ? "" : ` to ${options.outDir}`}`));
  return { target, configs: writeConfigs(bases, target, options.outDir) };
}

const deployArgs = (file: string, env: string) => ["deploy", "-c", file, "--env", env];

async function dryRun(configs: WrittenConfig[], options: DeployOptions, wrangler: Wrangler, log: Log) {
  for (const { file, name, worker } of configs) {
    const outdir = join(options.outDir, worker.key);
    log(progress(`Bundling ${name} (dry run)`));
    await must(
      wrangler,
      [...deployArgs(file, options.env), "--dry-run", "--outdir", outdir, "--metafile"],
      RETRY,
    );
    log(detail(`${name} bundled`));
  }
  // A detail, not a success: the caller still checks the bundles' sizes (mockctl platform deploy).
  log(detail(`Dry run of ${options.env}: both Workers bundled; nothing was deployed.`));
}

async function applyMigrations(configs: WrittenConfig[], env: string, wrangler: Wrangler, log: Log) {
  for (const { base, file, name } of configs) {
    for (const { binding } of base.d1_databases) {
      log(progress(`Applying D1 migrations to ${binding} of ${name}`));
      const args = ["d1", "migrations", "apply", binding, "--remote", "-c", file, "--env", env];
      await must(wrangler, args, RETRY);
    }
  }
}

/** Whether the account already has this Worker; wrangler answers code 10007 for one it does not know. */
async function exists(wrangler: Wrangler, config: WrittenConfig, env: string): Promise<boolean> {
  const result = await wrangler(["deployments", "list", "-c", config.file, "--env", env, "--json"]);
  if (result.code === 0) return true;
  const output = `${result.stderr}\n${result.stdout}`;
  if (/\b10007\b|script_not_found|does not exist/i.test(output)) return false;
  throw new DeployError(`could not look up the Worker ${config.name}`, output, RETRY);
}

/** On an account without the front door, deploys it once without the binding to the admin Worker. */
async function bootstrap(
  configs: WrittenConfig[],
  target: Target,
  options: DeployOptions,
  wrangler: Wrangler,
  log: Log,
) {
  const edge = configs.find((config) => config.worker.front);
  if (edge === undefined || (await exists(wrangler, edge, options.env))) return;
  log(detail(`${edge.name} does not exist yet: deploying it once without its ADMIN binding`));
  await must(wrangler, deployArgs(writeBootstrap(edge, target, options.outDir), options.env), RETRY);
}

/** Deploys one Worker; API_KEY goes as a secret through a private file removed right after. */
async function deployWorker(config: WrittenConfig, options: DeployOptions, wrangler: Wrangler) {
  const args = deployArgs(config.file, options.env);
  const secrets = Object.keys(config.base.vars).filter((key) => SECRET_VARS.has(key));
  if (options.apiKey === undefined || secrets.length === 0) return must(wrangler, args, RETRY);
  const dir = mkdtempSync(join(tmpdir(), "mockctl-secrets-"));
  const file = join(dir, "secrets.json");
  try {
    const values = Object.fromEntries(secrets.map((key) => [key, options.apiKey]));
    writeFileSync(file, JSON.stringify(values), { mode: 0o600 });
    return await must(wrangler, [...args, "--secrets-file", file], RETRY);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const workersDevUrl = (output: string) => /https:\/\/[\w.-]+\.workers\.dev/.exec(output)?.[0];

function report(options: DeployOptions, url: string | undefined, log: Log): void {
  if (options.apiKey === undefined) {
    log(detail("No MOCKCTL_API_KEY given: the admin API keeps the API_KEY secret it had, if any."));
  }
  log(success(`mockctl is deployed to ${options.env}.`));
  if (url !== undefined) log(`Admin API and imposters by path: ${url} (e.g. ${url}/i/4545/)`);
  const zone = options.zone;
  if (zone !== undefined)
    log(`Imposters by host: https://<port>.${zone}/ (needs a proxied DNS record *.${zone})`);
}

/** `npm run platform:deploy`: see infra/README.md for the steps and what each one prints. */
export async function deployPlatform(options: DeployOptions, wrangler: Wrangler, log: Log): Promise<void> {
  const { target, configs } = await prepare(options, wrangler, log);
  if (options.dryRun) return dryRun(configs, options, wrangler, log);
  await applyMigrations(configs, options.env, wrangler, log);
  await bootstrap(configs, target, options, wrangler, log);
  let url: string | undefined;
  for (const config of configs) {
    log(progress(`Deploying ${config.name}`));
    const output = await deployWorker(config, options, wrangler);
    if (config.worker.front) url = workersDevUrl(output);
    log(success(`Deployed ${config.name}.`));
  }
  report(options, url, log);
}
