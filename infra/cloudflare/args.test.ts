import { describe, expect, it } from "vitest";
import { defaultOutDir, parseDeployArgs } from "./args.ts";

describe("parseDeployArgs", () => {
  it.each([
    [["--env", "staging"], {}, { env: "staging", zone: undefined, dryRun: false, apiKey: undefined }],
    [
      ["-e", "production", "--zone", "Mock.Example.COM", "--dry-run"],
      {},
      { env: "production", zone: "mock.example.com", dryRun: true },
    ],
    [
      ["--env", "staging"],
      { MOCKCTL_ZONE: "example.com", MOCKCTL_API_KEY: "k" },
      { zone: "example.com", apiKey: "k" },
    ],
    [["--env", "staging", "--zone", "a.example"], { MOCKCTL_ZONE: "b.example" }, { zone: "a.example" }],
    [["--env", "staging"], { MOCKCTL_ZONE: "", MOCKCTL_API_KEY: "" }, { zone: undefined, apiKey: undefined }],
  ])("%j with %j", (argv, env, expected) => {
    expect(parseDeployArgs(argv, env)).toMatchObject(expected);
  });

  it("writes to a folder per environment unless told otherwise", () => {
    expect(parseDeployArgs(["--env", "staging"], {}).outDir).toBe(defaultOutDir("staging"));
    expect(parseDeployArgs(["--env", "staging", "--out", "/tmp/x"], {}).outDir).toBe("/tmp/x");
  });

  it.each([
    [[], "--env is required"],
    [["--env", "qa"], 'unknown environment "qa"'],
    [["--env", "staging", "--zone", "localhost"], "invalid zone"],
    [["--env", "staging", "--zone", "*.example.com"], "invalid zone"],
    [["--env", "staging", "--zone=-x.example.com"], "invalid zone"],
    [["--env", "staging", "--apikey", "k"], "Unknown option"],
  ])("refuses %j", (argv, message) => {
    expect(() => parseDeployArgs(argv, {})).toThrow(message);
  });
});
