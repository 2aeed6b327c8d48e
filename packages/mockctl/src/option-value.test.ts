import { describe, expect, it } from "vitest";
import { runCli } from "../test/run-cli.ts";

// QA #16: `--savefile` with no value printed Node's "Option '--savefile <value>' argument missing".
describe("an option without its value", () => {
  it.each([
    [["save", "--savefile"], "--savefile needs a value: --savefile <file>", "save"],
    [
      ["save", "--savefile", "--json"],
      '--savefile needs a value: --savefile <file>, or --savefile=<value> for one that starts with "-"',
      "save",
    ],
    [["dev", "-p"], "-p needs a value: --port <port>", "dev"],
    [["imposters", "list", "--json=1"], "--json takes no value: --json=1", "imposters list"],
  ])("%j is a usage error in words", async (args, message, command) => {
    const result = await runCli(args);
    expect(result.code).toBe(2);
    if (args.includes("--json")) {
      expect(JSON.parse(result.stdout).error.message).toBe(message);
    } else {
      expect(result.stderr).toBe(`✘ ERROR ${message}\n\nRun \`mockctl ${command} --help\` for usage.\n`);
    }
  });
});
