import { execFile } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DevProcess, startDev } from "./dev-process.ts";
import { installPacked, type Packed } from "./pack.ts";
import { cleanEnv } from "./run-cli.ts";

// The published package on its own: packed, installed into an empty folder outside this repository, and
// every command run from there, the platform included (its launcher, Workers and migrations are in the
// tarball; workerd comes from the miniflare dependency).
const run = promisify(execFile);
let packed: Packed;
let dev: DevProcess;

beforeAll(async () => {
  packed = await installPacked();
  const data = join(mkdtempSync(join(tmpdir(), "mockctl-packed-")), "data");
  // --configfile: the packed launcher finds this package's own bin to deploy it, as `npm start` does.
  dev = await startDev(["--data", data, "--configfile", "ejs/imposters.ejs"], packed.folder, packed.bin);
}, 300_000);
afterAll(async () => {
  await dev?.stop();
});

const cli = (...args: string[]) => run(packed.bin, args, { cwd: packed.folder, env: cleanEnv() });

describe("the packed package, installed in an empty folder", () => {
  it("carries the platform and no repository path", () => {
    const installed = join(packed.folder, "node_modules/mockctl");
    expect(existsSync(join(installed, "platform/infra/local/cli.mjs"))).toBe(true);
    expect(existsSync(join(installed, "platform/workers/edge/bundle.mjs"))).toBe(true);
    expect(existsSync(join(installed, "src"))).toBe(false);
    expect(dev.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it("runs `mockctl dev --configfile`, and `mockctl deploy` of the same file changes nothing", async () => {
    expect(await (await fetch(`${dev.url}/i/4546/orders/42`)).json()).toMatchObject({ id: 42 });
    // The dashboard comes built inside the package (no Vite there), served at the same path as in a checkout.
    const page = await fetch(`${dev.url}/dashboard/`);
    expect([page.status, page.headers.get("content-type")]).toEqual([
      200,
      expect.stringContaining("text/html"),
    ]);
    const again = await cli("deploy", "ejs/imposters.ejs", "--url", dev.url, "--json");
    const result = JSON.parse(again.stdout) as { ok: boolean; imposters: { port: number; action: string }[] };
    expect(result.ok).toBe(true);
    expect(result.imposters.map((i) => [i.port, i.action])).toEqual([
      [4545, "unchanged"],
      [4546, "unchanged"],
    ]);
    const pruned = await cli("deploy", "ejs/hello.ejs", "--url", dev.url, "--prune", "--json");
    const plan = JSON.parse(pruned.stdout) as { imposters: { port: number; action: string }[] };
    expect(plan.imposters.map((i) => [i.port, i.action])).toEqual([
      [4545, "unchanged"],
      [4546, "delete"],
    ]);
    expect((await cli("--version")).stdout.trim()).toBe("0.1.0");
  });

  it("runs `mockctl platform deploy --dry-run`: both Workers bundled by wrangler, within the limits", async () => {
    const dry = await cli("platform", "deploy", "--env", "staging", "--dry-run", "--json");
    const report = JSON.parse(dry.stdout) as {
      ok: boolean;
      sizes: { worker: string; bytes: number; gzip: number }[];
      limits: { freeGzip: number };
    };
    expect(report.ok).toBe(true);
    expect(report.sizes.map((size) => size.worker)).toEqual(["admin", "edge"]);
    for (const size of report.sizes) {
      expect(size.gzip).toBeGreaterThan(10_000);
      expect(size.gzip).toBeLessThan(report.limits.freeGzip);
    }
    console.log(
      `packed tarball: ${packed.tarballBytes} bytes; dry-run sizes ${JSON.stringify(report.sizes)}`,
    );
  });
});
