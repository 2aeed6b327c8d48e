import { describe, expect, it } from "vitest";
import { runCli } from "../test/run-cli.ts";
import { checkTargetUrl, isLocalUrl, type UrlKind } from "./target-url.ts";

const failure = (url: unknown, source: string, kind?: UrlKind) => {
  try {
    checkTargetUrl(url, source, kind);
  } catch (error) {
    return error as { message: string; hint?: string; exitCode: number };
  }
  throw new Error("accepted");
};

describe("checkTargetUrl", () => {
  it.each(["http://localhost:9601", "https://mocks.example/w/acme"])("takes %s", (url) => {
    expect(() => checkTargetUrl(url, "--url")).not.toThrow();
  });

  // QA #13: fetch's own error, printed whole, showed the password, and it exited 1.
  it.each([
    ["--url", "http://ci:hunter2@localhost:9601", "platform", 2, "http://***@localhost:9601"],
    ["--url", "https://hunter2@mocks.example/", "platform", 2, "https://***@mocks.example/"],
    ["MOCKCTL_URL", "http://ci:hunter2@localhost:9601", "platform", 1, "http://***@localhost:9601"],
    ["--from", "http://ci:hunter2@localhost:9602", "mountebank", 2, "http://***@localhost:9602"],
    // A password may hold what ends a URL's user part elsewhere (review: `p@ss` showed `ss@host`).
    ["--url", "http://ci:hun@ter2@localhost:9601", "platform", 2, "http://***@localhost:9601"],
    ["--url", "http://ci:hun/ter2@localhost:9601", "platform", 2, "http://***@localhost:9601"],
    ["--url", "http://ci:hun ter2@localhost:9601", "platform", 2, "http://***@localhost:9601"],
    ["--url", "http://ci:hun#ter2@localhost:9601", "platform", 2, "http://***@localhost:9601"],
    ["--url", "http://ci:hun?ter2@localhost:9601", "platform", 2, "http://***@localhost:9601"],
  ] as const)("refuses credentials in %s, never echoing them", (source, url, kind, exitCode, shown) => {
    const error = failure(url, source, kind);
    // Refused either way: as a URL with credentials, or (`/`, `#`, a space) as no URL at all.
    expect(error).toMatchObject({ exitCode, message: expect.stringContaining(shown) });
    expect(JSON.stringify(error) + error.message + error.hint).not.toMatch(/hunter2|ter2/);
    if (error.message.includes(`(${shown})`)) {
      expect(error.hint).toContain(kind === "platform" ? "--token or MOCKCTL_TOKEN" : "--fromApikey");
    }
  });

  // QA #13: `import --from localhost:9253` failed later as "could not reach Mountebank (fetch failed)".
  it.each([
    [
      "localhost:9653",
      "--from",
      "mountebank",
      2,
      'Mountebank\'s URL from --from is not an http(s) URL: "localhost:9653"',
    ],
    [
      "ci:hunter2@localhost:9653",
      "--url",
      "platform",
      2,
      `the platform's URL from --url is not an http(s) URL: "***@localhost:9653"`,
    ],
    [
      undefined,
      "profile ci",
      "platform",
      1,
      "the platform's URL from profile ci is not an http(s) URL: none",
    ],
    [42, "profile ci", "platform", 1, "the platform's URL from profile ci is not an http(s) URL: none"],
  ] as const)("refuses %j from %s as not http(s)", (url, source, kind, exitCode, message) => {
    const error = failure(url, source, kind);
    expect(error).toMatchObject({ exitCode, message });
    expect(`${error.message} ${error.hint}`).not.toContain("hunter2");
  });

  it("suggests the scheme a URL without one lacks", () => {
    expect(failure("localhost:9653", "--from", "mountebank").hint).toMatch(
      /^Did you mean http:\/\/localhost:9653\?/,
    );
  });
});

// The real bin: each command that takes a URL checks it before calling anything.
describe("a URL on the command line", () => {
  it.each([
    [["imposters", "list", "--url", "http://ci:hunter2@localhost:9654"]],
    [["login", "--url", "http://ci:hunter2@localhost:9654"]],
    [["import", "--from", "http://ci:hunter2@localhost:9654", "--url", "http://localhost:9655"]],
    [["import", "--from", "localhost:9654", "--url", "http://localhost:9655"]],
  ])("%j is a usage error that does not echo a password", async (args) => {
    const result = await runCli(args);
    expect([result.code, result.stderr]).toEqual([2, expect.stringMatching(/^✘ ERROR .* URL from --/)]);
    expect(result.stderr + result.stdout).not.toContain("hunter2");
  });
});

describe("isLocalUrl", () => {
  it.each([
    ["http://localhost:2525", true],
    ["http://api.localhost:2525", true],
    ["http://127.0.0.1:2525", true],
    ["http://127.1.2.3", true],
    ["http://[::1]:2525", true],
    ["https://mockctl-edge.example.workers.dev", false],
    ["http://10.0.0.5:2525", false],
    ["http://localhost.example.com", false],
    ["not a url", false],
  ])("%s → %s", (url, expected) => {
    expect(isLocalUrl(url)).toBe(expected);
  });
});
