import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type DeployOptions, deployPlatform } from "./deploy-plan.ts";
import { type Account, fakeWrangler, flag } from "./fake-wrangler.testing.ts";
import { DeployError, errorReport } from "./output.ts";

const emptyAccount = (): Account => ({ kv: [], d1: [], workers: new Set() });

function options(overrides: Partial<DeployOptions> = {}): DeployOptions {
  const outDir = mkdtempSync(join(tmpdir(), "mockctl-plan-"));
  return { env: "staging", zone: "example.com", dryRun: false, outDir, apiKey: undefined, ...overrides };
}

async function run(account: Account, overrides: Partial<DeployOptions> = {}) {
  const fake = fakeWrangler(account);
  const lines: string[] = [];
  const opts = options(overrides);
  await deployPlatform(opts, fake.wrangler, (line) => lines.push(line));
  const commands = fake.calls.map((args) => args.filter((a) => !a.startsWith("/")).join(" "));
  return { ...fake, lines, commands, opts };
}

const edgeBlock = (config: unknown) =>
  (config as { env: Record<string, { name: string; services?: unknown[] }> }).env.staging;

describe("deploying to an account", () => {
  it("creates what is missing, applies migrations and bootstraps the front door on a first deploy", async () => {
    const { commands, configs, lines } = await run(emptyAccount());
    expect(commands).toEqual([
      "kv namespace list",
      "kv namespace create mockctl-snapshots-staging --update-config=false",
      "kv namespace list",
      "d1 list --json",
      "d1 create mockctl-staging --update-config=false",
      "d1 list --json",
      "d1 migrations apply DB --remote -c --env staging",
      "deployments list -c --env staging --json",
      "deploy -c --env staging",
      "deploy -c --env staging",
      "deploy -c --env staging",
    ]);
    const deployed = configs.map(edgeBlock);
    expect(deployed.map((block) => [block?.name, block?.services?.length])).toEqual([
      ["mockctl-edge-staging", 0], // the bootstrap: no ADMIN binding to a Worker that does not exist yet
      ["mockctl-admin-staging", 0],
      ["mockctl-edge-staging", 1],
    ]);
    expect(lines).toContain("✨ Success. mockctl is deployed to staging.");
    expect(lines).toContain(
      "Admin API and imposters by path: https://mockctl-edge-staging.acct.workers.dev (e.g. https://mockctl-edge-staging.acct.workers.dev/i/4545/)",
    );
  });

  it("reuses what exists and deploys the admin Worker, then the front door", async () => {
    const account: Account = {
      kv: [{ id: "kv-existing", title: "mockctl-snapshots-staging" }],
      d1: [{ uuid: "d1-existing", name: "mockctl-staging" }],
      workers: new Set(["mockctl-edge-staging", "mockctl-admin-staging"]),
    };
    const { commands, configs } = await run(account);
    expect(commands.filter((c) => c.includes("create"))).toEqual([]);
    expect(commands.slice(-2)).toEqual(["deploy -c --env staging", "deploy -c --env staging"]);
    expect(configs.map((config) => edgeBlock(config)?.name)).toEqual([
      "mockctl-admin-staging",
      "mockctl-edge-staging",
    ]);
    expect(JSON.stringify(configs)).toContain('"id":"kv-existing"');
    expect(JSON.stringify(configs)).toContain('"database_id":"d1-existing"');
  });

  it("sends MOCKCTL_API_KEY to the admin Worker only, as a secret in a file that does not outlive the deploy", async () => {
    const { secrets, calls } = await run(emptyAccount(), { apiKey: "s3cret" });
    expect(secrets).toEqual([{ API_KEY: "s3cret" }]);
    const file = calls.map((args) => flag(args, "--secrets-file")).find((path) => path.endsWith(".json"));
    expect(file !== undefined && existsSync(file)).toBe(false);
  });

  it("stops at the first failing command, with wrangler's own output and a way out", async () => {
    const account = {
      ...emptyAccount(),
      failing: { command: "d1 migrations", stderr: "Authentication error [code: 10000]" },
    };
    const fake = fakeWrangler(account);
    const failure = deployPlatform(options(), fake.wrangler, () => {});
    await expect(failure).rejects.toBeInstanceOf(DeployError);
    const report = errorReport(await failure.catch((error: unknown) => error));
    expect(report).toMatch(
      /^✘ {2}ERROR {2}wrangler d1 migrations apply DB --remote .* failed with exit code 1\n\nError details:\nAuthentication error \[code: 10000\]\n\nHow to solve this error:\n/,
    );
    expect(fake.calls.some((args) => args[0] === "deploy")).toBe(false);
  });

  it("refuses to guess when the front door cannot be looked up", async () => {
    const account = { ...emptyAccount(), failing: { command: "deployments list", stderr: "fetch failed" } };
    await expect(run(account)).rejects.toThrow("could not look up the Worker mockctl-edge-staging");
  });
});

describe("a dry run", () => {
  it("bundles both Workers with the environment applied and never asks the account anything", async () => {
    const { commands, configs } = await run(emptyAccount(), { dryRun: true });
    expect(commands).toEqual([
      "deploy -c --env staging --dry-run --outdir --metafile",
      "deploy -c --env staging --dry-run --outdir --metafile",
    ]);
    expect(JSON.stringify(configs)).toContain('"id":"dry-run-mockctl-snapshots-staging"');
  });
});
