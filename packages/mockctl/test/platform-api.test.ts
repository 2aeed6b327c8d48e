import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DevProcess, startDev } from "./dev-process.ts";
import { cleanEnv, parsedJson, runCli } from "./run-cli.ts";

// workspaces, tokens and audit through the real bin against the real platform API (tenancy's routes on
// the local platform, started with a platform key as mb's --apikey).
let dev: DevProcess;
const PLATFORM_KEY = "platform-s3cret";
const as = (token: string, ...args: string[]) => runCli([...args, "--url", dev.url, "--token", token]);

type Created = { workspace: { id: string; adminUrl: string }; token: { id: string; secret: string } };
let acme: Created;

beforeAll(async () => {
  const data = join(mkdtempSync(join(tmpdir(), "mockctl-platform-api-")), "data");
  dev = await startDev(["--data", data, "--apikey", PLATFORM_KEY]);
  const result = await as(PLATFORM_KEY, "workspaces", "create", "acme", "--name", "Acme QA", "--json");
  expect(result.code).toBe(0);
  acme = parsedJson(result) as unknown as Created;
});
afterAll(async () => {
  await dev?.stop();
});

describe("workspaces", () => {
  it("create prints the first admin token's secret once, with a warning, and --json carries it", async () => {
    expect(acme.workspace).toMatchObject({ id: "acme", adminUrl: `${dev.url}/w/acme` });
    expect(acme.token.secret).toMatch(/^mck_[0-9a-f]{8}_/);
    const human = await as(PLATFORM_KEY, "workspaces", "create", "beta");
    expect(human.code).toBe(0);
    expect(human.stderr).toContain("▲ WARNING this secret is shown once");
    expect(human.stdout).toMatch(/^mck_[0-9a-f]{8}_[0-9a-f]{64}$/m);
    expect(human.stdout).toContain("✨ Success. Created workspace beta");
  });

  it("create needs the platform key: a workspace's admin token gets 403", async () => {
    const result = await as(acme.token.secret, "workspaces", "create", "gamma");
    expect([result.code, result.stderr]).toEqual([1, expect.stringContaining("insufficient access")]);
  });

  it("get and set read and change the token's own workspace", async () => {
    const got = parsedJson(await as(acme.token.secret, "workspaces", "get", "--json"));
    expect(got.workspace).toMatchObject({ id: "acme", name: "Acme QA", allowInjection: false });
    expect((await as(acme.token.secret, "workspaces", "get")).stdout).toMatch(/Acme QA\s+off\s/);
    const set = await as(acme.token.secret, "workspaces", "set", "--allowInjection", "true", "--json");
    expect(parsedJson(set).workspace).toMatchObject({ id: "acme", allowInjection: true });
    expect((await as(acme.token.secret, "workspaces", "get")).stdout).toMatch(/Acme QA\s+allowed\s/);
  });

  it.each([
    [["workspaces", "create", "Not_A_Label"], "invalid workspace id Not_A_Label"],
    [["workspaces", "set"], "nothing to set"],
    [["workspaces", "set", "--allowInjection", "yes"], "takes true or false"],
    [["tokens", "create", "ci", "--scope", "owner"], "--scope"],
    [["tokens", "create", "ci", "--scope", "read", "--expires", "tomorrow"], "--expires"],
    [["audit", "list", "--limit", "0"], "--limit takes a positive whole number"],
  ])("%j is a usage error (exit 2)", async (args, message) => {
    const result = await as(acme.token.secret, ...args);
    expect([result.code, result.stderr]).toEqual([2, expect.stringContaining(message)]);
  });
});

describe("tokens and audit", () => {
  it("create, list (no secrets), revoke: the revoked token is refused at once", async () => {
    const created = parsedJson(
      await as(acme.token.secret, "tokens", "create", "ci", "--scope", "read", "--json"),
    );
    const ci = created.token as { id: string; secret: string; scope: string };
    expect(ci.scope).toBe("read");
    expect((await as(ci.secret, "imposters", "list")).code).toBe(0);
    // read scope: listing tokens needs admin.
    const refused = await as(ci.secret, "tokens", "list");
    expect([refused.code, refused.stderr]).toEqual([1, expect.stringContaining("insufficient access")]);

    const listed = await as(acme.token.secret, "tokens", "list");
    expect(listed.stdout).toMatch(/ci\s+mck_[0-9a-f]{8}…\s+read\s+live/);
    expect(listed.stdout).not.toContain(ci.secret);
    const json = parsedJson(await as(acme.token.secret, "tokens", "list", "--json"));
    expect(JSON.stringify(json)).not.toContain("secret");

    const revoked = await as(acme.token.secret, "tokens", "revoke", ci.id);
    expect(revoked.stdout).toContain(`✨ Success. Revoked token ci (${ci.id}).`);
    const after = await as(ci.secret, "imposters", "list");
    expect([after.code, after.stderr]).toEqual([1, expect.stringContaining("401")]);
    const twice = await as(acme.token.secret, "tokens", "revoke", ci.id);
    expect([twice.code, twice.stdout]).toEqual([0, `✨ Success. Token ci (${ci.id}) stays revoked.\n`]);
    expect(twice.stderr).toContain(`▲ WARNING token ci (${ci.id}) was already revoked at `);
    const again = await as(acme.token.secret, "tokens", "revoke", "no-such-token");
    expect([again.code, again.stderr]).toEqual([1, expect.stringContaining("No token no-such-token")]);
  });

  it("audit list pages the workspace's log, newest first", async () => {
    const page = parsedJson(await as(acme.token.secret, "audit", "list", "--json")) as {
      entries: { id: number; action: string }[];
    };
    const actions = page.entries.map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(["workspace.create", "token.create", "workspace.update"]));
    const ids = page.entries.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const first = await as(acme.token.secret, "audit", "list", "--limit", "1");
    expect(first.stdout).toMatch(/Older entries: mockctl audit list --before \d+/);
  });

  it("audit list shows the index of the stub a stub action changed, in the table and in --json", async () => {
    const admin = (path: string, body: unknown) =>
      fetch(`${acme.workspace.adminUrl}${path}`, {
        method: "POST",
        headers: { "x-api-key": acme.token.secret, "content-type": "application/json" },
        body: JSON.stringify(body),
      }).then((answer) => answer.json() as Promise<{ port: number }>);
    const { port } = await admin("/imposters", { protocol: "http", stubs: [{ responses: [{ is: {} }] }] });
    await admin(`/imposters/${port}/stubs`, { index: 1, stub: { responses: [{ is: { body: "b" } }] } });
    const json = parsedJson(await as(acme.token.secret, "audit", "list", "--limit", "1", "--json"));
    expect(json.entries).toEqual([expect.objectContaining({ action: "stub.add", stub: 1 })]);
    const human = await as(acme.token.secret, "audit", "list", "--limit", "1");
    expect(human.stdout).toMatch(/^ID .* TARGET +STUB$/m);
    expect(human.stdout).toMatch(new RegExp(`stub\\.add +http:${port} +1$`, "m"));
    // The workspace holds no imposter again (login's test counts them).
    const headers = { "x-api-key": acme.token.secret };
    await fetch(`${acme.workspace.adminUrl}/imposters/${port}`, { method: "DELETE", headers });
  });

  it("login keeps a workspace token in a profile that later commands send as x-api-key", async () => {
    const env = cleanEnv();
    const login = await runCli(
      ["login", "--url", dev.url, "--token", acme.token.secret, "--profile", "acme"],
      {
        env,
      },
    );
    expect(login.stdout).toContain(
      `✨ Success. Logged in to ${dev.url} as profile acme (workspace acme, 0 imposters)`,
    );
    const got = parsedJson(await runCli(["workspaces", "get", "--json"], { env }));
    expect(got.workspace).toMatchObject({ id: "acme" });
  });
});
