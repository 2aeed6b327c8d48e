import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { resolveTarget } from "./profiles.ts";

const withProfiles = (store: unknown): NodeJS.ProcessEnv => {
  const file = join(mkdtempSync(join(tmpdir(), "mockctl-profiles-")), "profiles.json");
  writeFileSync(file, JSON.stringify(store));
  return { MOCKCTL_CONFIG: file };
};

describe("resolveTarget", () => {
  it.each([
    [{ url: "http://localhost:2602" }, {}, "http://localhost:2602", "--url"],
    [{}, { MOCKCTL_URL: "https://mocks.example" }, "https://mocks.example", "MOCKCTL_URL"],
  ])("takes %j / %j", (flags, env, url, source) => {
    expect(resolveTarget(flags, env)).toMatchObject({ url, source });
  });

  // They used to fail later as "could not reach the platform (ERR_INVALID_URL)" or "(fetch failed)".
  it.each([
    "127.0.0.1:2602",
    "not a url",
    "ftp://127.0.0.1:2602",
    "",
  ])("refuses --url %j as a usage error", (url) => {
    expect(() => resolveTarget({ url }, {})).toThrow(
      expect.objectContaining({
        message: `the platform's URL from --url is not an http(s) URL: ${JSON.stringify(url)}`,
        exitCode: 2,
      }),
    );
  });

  // A hand-edited profile without its url used to end in "Cannot read properties of undefined".
  it("says which profile has no URL, instead of an internal error", () => {
    const env = withProfiles({ current: "ci", profiles: { ci: { token: "t" } } });
    expect(() => resolveTarget({}, env)).toThrow(
      expect.objectContaining({
        message: "the platform's URL from profile ci is not an http(s) URL: none",
        exitCode: 1,
      }),
    );
  });
});
