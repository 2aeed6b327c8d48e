import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DevProcess, startDev } from "./dev-process.ts";
import { FIXTURES, parsedJson, runCli } from "./run-cli.ts";

// The real bin against a real local platform started by `mockctl dev --configfile` (the launcher's hook).
let dev: DevProcess;
const tmp = mkdtempSync(join(tmpdir(), "mockctl-deploy-"));
const cli = (...args: string[]) => runCli([...args, "--url", dev.url]);
const ports = async () => {
  const listed = parsedJson(await cli("imposters", "list", "--json")).imposters as { port: number }[];
  return listed.map((imposter) => imposter.port).sort();
};

beforeAll(async () => {
  dev = await startDev(["--data", join(tmp, "data"), "--configfile", "ejs/imposters.ejs"]);
});
afterAll(async () => {
  await dev?.stop();
});

describe("deploy", () => {
  it("deploys a multi-file EJS config (include, stringify with data) at dev start; its URLs answer", async () => {
    expect(dev.output()).toMatch(/4545\s+hello\s+create\s+http:\/\/\S+\/i\/4545/);
    const hello = await fetch(`${dev.url}/i/4545/hello`);
    expect(await hello.text()).toBe("hi");
    const order = await fetch(`${dev.url}/i/4546/orders/42`);
    expect(await order.json()).toEqual({ id: 42, status: "shipped", note: 'a "quoted" word' });
  });

  it("changes nothing when the same files are deployed again, and says so", async () => {
    const text = await cli("deploy", "ejs/imposters.ejs");
    expect([text.code, text.stdout]).toEqual([
      0,
      expect.stringContaining("✨ Success. No changes: 2 imposters"),
    ]);
    const json = parsedJson(await cli("deploy", "ejs/imposters.ejs", "--json"));
    expect(json.changed).toBe(0);
    expect((json.imposters as { action: string }[]).map((i) => i.action)).toEqual(["unchanged", "unchanged"]);
  });

  it("plans a prune with --dry-run, sends nothing, then prunes", async () => {
    const plan = parsedJson(await cli("deploy", "hello-only.json", "--prune", "--dry-run", "--json"));
    expect((plan.imposters as { port: number; action: string }[]).map((i) => [i.port, i.action])).toEqual([
      [4545, "unchanged"],
      [4546, "delete"],
    ]);
    expect(await ports()).toEqual([4545, 4546]);
    const pruned = await cli("deploy", "hello-only.json", "--prune");
    expect(pruned.stdout).toContain("0 created, 0 replaced, 1 deleted, 1 unchanged");
    expect(await ports()).toEqual([4545]);
    const again = parsedJson(await cli("deploy", "ejs/imposters.ejs", "--json"));
    expect((again.imposters as { action: string; url: string }[]).map((i) => i.action)).toEqual([
      "unchanged",
      "create",
    ]);
  });

  it("replaces an imposter whose definition changed", async () => {
    const file = join(tmp, "hello-changed.json");
    const hello = JSON.parse(readFileSync(join(FIXTURES, "hello-only.json"), "utf8"));
    hello.stubs[0].responses[0].is.body = "changed";
    writeFileSync(file, JSON.stringify(hello));
    const result = parsedJson(await cli("deploy", file, "--json"));
    expect(result.imposters).toEqual([expect.objectContaining({ port: 4545, action: "replace" })]);
    expect(await (await fetch(`${dev.url}/i/4545/hello`)).text()).toBe("changed");
  });

  it("refuses an invalid config with exit 1, naming file, imposter and mb's message, and sends nothing", async () => {
    const result = await cli("deploy", "invalid.json");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("✘ ERROR 1 problem in the config; nothing was sent");
    expect(result.stderr).toContain("invalid.json: imposter 4548: bad data: invalid value for 'stubs[0]");
    expect(await ports()).toEqual([4545, 4546]);
    const json = parsedJson(await cli("deploy", "invalid.json", "--json"));
    expect(json).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining("nothing was sent") },
    });
  });

  it("deploys a file's http imposters and skips its tcp ones with a warning, where mb would serve both", async () => {
    const file = join(tmp, "mixed.json");
    const http = { protocol: "http", port: 4552, stubs: [{ responses: [{ is: { body: "http" } }] }] };
    writeFileSync(file, JSON.stringify({ imposters: [http, { protocol: "tcp", port: 4553, mode: "text" }] }));
    const result = await cli("deploy", file);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain("imposter 4553: skipped: tcp imposters cannot run here");
    expect(await (await fetch(`${dev.url}/i/4552/`)).text()).toBe("http");
    expect(await ports()).not.toContain(4553);
    await cli("imposters", "delete", "4552");
  });

  it("refuses up front what the platform would refuse for injection, with the file and mb's message", async () => {
    // Valid offline; this platform was started without --allowInjection, which GET /config tells.
    const result = await cli("deploy", "inject.json");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("✘ ERROR 1 imposter uses injection, which the platform at");
    expect(result.stderr).toContain("inject.json: imposter 4551 (injected): invalid injection");
  });

  it("fails with exit 1 and a hint when the platform is unreachable", async () => {
    const result = await runCli(["imposters", "list", "--url", "http://127.0.0.1:9"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("✘ ERROR could not reach the platform at http://127.0.0.1:9");
  });
});

describe("dev --configfile", () => {
  it("stops the platform with exit 1 when the file is invalid, as mb exits on a bad --configfile", async () => {
    const started = startDev(["--data", join(tmp, "data-invalid"), "--configfile", "invalid.json"]);
    await expect(started).rejects.toThrow(/exited with 1[\s\S]*invalid.json: imposter 4548: bad data/);
  });
});
