import { describe, expect, it } from "vitest";
import { BIN, runCli } from "../test/run-cli.ts";
import { COMMANDS } from "./commands/index.ts";
import { commandHelp } from "./help.ts";

// Every help text is a snapshot: a change of wording shows up in review as a snapshot diff. Rendered in
// this process (one child per command would take a minute); the bin is checked to print the same text.
describe("help", () => {
  it.each(
    COMMANDS.map((command) => [command.name, command] as const),
  )("mockctl %s --help", (_name, command) => {
    expect(commandHelp(command)).toMatchSnapshot();
  });

  it.each(["deploy", "imposters list"])("the bin prints mockctl %s --help", async (name) => {
    const result = await runCli([...name.split(" "), "--help"]);
    const command = COMMANDS.find((c) => c.name === name);
    expect([result.code, result.stdout.trimEnd()]).toEqual([0, command && commandHelp(command)]);
  });

  it("mockctl --help lists every command and the exit codes", async () => {
    const result = await runCli(["--help"]);
    expect([result.code, result.stderr]).toEqual([0, ""]);
    expect(result.stdout).toMatchSnapshot();
  });

  it.each([
    [[], 2, "mockctl <command>"],
    [["deploy"], 2, "wrong arguments: none (expected <files…>)"],
    [
      ["deploy", "x.json", "--frobnicate"],
      2,
      "✘ ERROR unknown option: --frobnicate\n\nRun `mockctl deploy --help`",
    ],
    [["requests", "4545", "-fx"], 2, "✘ ERROR unknown option: -x\n\nRun `mockctl requests --help`"],
    [["deploy", "--bogus=1"], 2, "✘ ERROR unknown option: --bogus\n"],
    [["--bogus"], 2, "✘ ERROR unknown option: --bogus\n\nRun `mockctl --help`"],
    [
      ["--json", "imposters", "list"],
      2,
      '"message":"--json goes after the command: mockctl <command> --json"',
    ],
    [["imposters"], 2, "mockctl imposters needs one of: list, get, delete"],
    [["imposters", "bogus"], 2, "unknown command: imposters bogus; try one of: list, get, delete"],
    [["nope"], 2, "unknown command: nope"],
    [["tokens", "create", "ci"], 2, "✘ ERROR --scope is required: read, write or admin"],
    [["imposters", "get", "http"], 2, "invalid port: http"],
    [["dev", "--port", "abc"], 2, "✘ ERROR invalid --port: abc (give 0-65535; 0 picks a free one)"],
    [["dev", "--port", "70000"], 2, "invalid --port: 70000"],
  ])("usage errors exit 2: %j", async (args, code, text) => {
    const result = await runCli(args);
    expect(result.code).toBe(code);
    expect(result.stdout + result.stderr).toContain(text);
  });

  it.each([
    "imposters",
    "profiles",
    "tokens",
  ])("mockctl %s --help lists that noun's commands", async (noun) => {
    const result = await runCli([noun, "--help"]);
    expect([result.code, result.stderr]).toEqual([0, ""]);
    const listed = COMMANDS.filter((c) => c.name.startsWith(`${noun} `)).map((c) => `mockctl ${c.name}`);
    expect(listed.length).toBeGreaterThan(1);
    for (const name of listed) expect(result.stdout).toContain(name);
  });

  // QA: `mockctl help deploy` printed the general help.
  it.each(["deploy", "imposters list", "imposters"])("mockctl help %s prints its --help", async (name) => {
    const words = name.split(" ");
    const viaHelp = await runCli(["help", ...words]);
    const direct = await runCli([...words, "--help"]);
    expect(viaHelp).toMatchObject({ code: 0, stdout: direct.stdout });
    expect(viaHelp.stdout).not.toBe((await runCli(["--help"])).stdout);
  });

  it("mockctl help of a command that does not exist says so", async () => {
    const result = await runCli(["help", "frobnicate"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("frobnicate");
  });

  it("--version prints the package's version", async () => {
    const result = await runCli(["--version"]);
    expect(result.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    expect(BIN).toContain("bin/mockctl.mjs");
  });

  it("--version --json prints one JSON object with the version", async () => {
    const plain = (await runCli(["--version"])).stdout.trim();
    const result = await runCli(["--version", "--json"]);
    expect([result.code, JSON.parse(result.stdout)]).toEqual([
      0,
      expect.objectContaining({ ok: true, version: plain }),
    ]);
  });
});
