import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanEnv, runCli } from "../../test/run-cli.ts";

/** A profiles file holding `down`, pointing where nothing answers, as the current one. */
function withProfileDown(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const file = join(mkdtempSync(join(tmpdir(), "mockctl-login-")), "profiles.json");
  writeFileSync(
    file,
    JSON.stringify({ current: "down", profiles: { down: { url: "http://localhost:9659" } } }),
  );
  return cleanEnv({ MOCKCTL_CONFIG: file, ...extra });
}

// QA #12: login tried localhost:2525 despite MOCKCTL_URL, and named a profile as where its URL came from.
describe("mockctl login", () => {
  it.each([
    [
      "MOCKCTL_URL",
      ["login", "--profile", "envt"],
      { MOCKCTL_URL: "http://localhost:9657" },
      "http://localhost:9657",
    ],
    ["--url", ["login", "--url", "http://localhost:9658", "--profile", "down"], {}, "http://localhost:9658"],
    [
      "--url",
      ["login", "--url", "http://localhost:9658"],
      { MOCKCTL_URL: "http://localhost:9657" },
      "http://localhost:9658",
    ],
    // A profile logged in to again keeps the URL it was saved with.
    ["profile down", ["login", "--profile", "down"], {}, "http://localhost:9659"],
  ])("checks the URL from %s and says so (%j)", async (source, args, env, url) => {
    const result = await runCli(args, { env: withProfileDown(env) });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`✘ ERROR could not reach the platform at ${url} (`);
    expect(result.stderr).toContain(`target from ${source}\n`);
  });
});

// QA #16: "1 imposters". A Mountebank-like server (no workspaces: 404 there) holding as many as asked.
describe("mockctl login's count", () => {
  let count = 0;
  const server = createServer((request, response) => {
    const imposters = Array.from({ length: count }, (_, i) => ({ protocol: "http", port: 4545 + i }));
    const found = request.url === "/imposters";
    response.writeHead(found ? 200 : 404, { "content-type": "application/json" });
    response.end(JSON.stringify(found ? { imposters } : { errors: [{ code: "no such resource" }] }));
  });
  beforeAll(() => new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening)));
  afterAll(() => new Promise((closed) => server.close(closed)));

  it.each([
    [0, "0 imposters"],
    [1, "1 imposter"],
    [2, "2 imposters"],
  ])("names %d as %j", async (n, words) => {
    count = n;
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const result = await runCli(["login", "--url", url]);
    expect(result.stdout).toContain(`as profile default (${words}); saved in`);
  });
});
