import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
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
