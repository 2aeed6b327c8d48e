import { describe, expect, it } from "vitest";
import { parsedJson, runCli } from "../../test/run-cli.ts";

// validate is offline: the real bin, no platform.
describe("mockctl validate", () => {
  it("passes a valid EJS config with exit 0", async () => {
    const result = await runCli(["validate", "ejs/imposters.ejs"]);
    expect([result.code, result.stdout.trim()]).toEqual([0, "✨ Success. 2 imposters valid, 0 warnings."]);
  });

  it("prints mb's messages for invalid imposters and exits 1", async () => {
    const result = await runCli(["validate", "invalid.json", "--json"]);
    expect(result.code).toBe(1);
    expect(parsedJson(result)).toMatchObject({
      ok: false,
      errors: [
        expect.stringContaining(
          "invalid.json: imposter 4548: bad data: invalid value for 'stubs[0].predicates[0].equals'",
        ),
      ],
      // deploy skips a tcp imposter with this warning, so validate does not fail the file for it.
      warnings: [
        "invalid.json: imposter 4549: skipped: tcp imposters cannot run here (the platform accepts HTTP only; mb serves them)",
      ],
    });
  });

  it("warns with exit 0, and --strict makes the warnings fail", async () => {
    const relaxed = await runCli(["validate", "warnings.json"]);
    expect(relaxed.code).toBe(0);
    expect(relaxed.stderr.match(/▲ WARNING/g)).toHaveLength(4);
    const strict = await runCli(["validate", "warnings.json", "--strict"]);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain("✘ ERROR 4 warnings under --strict in warnings.json");
    // Each warning once, as a line of the failure.
    const first = relaxed.stderr.split("\n")[0]?.replace("▲ WARNING ", "") ?? "";
    expect(strict.stderr.split(first).length - 1).toBe(1);
    expect(strict.stderr).not.toContain("▲ WARNING");
  });
});
