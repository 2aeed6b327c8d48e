import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cleanEnv, parsedJson, runCli } from "./run-cli.ts";

// CI runs the platform's dry run through the CLI: both Workers bundled by the real wrangler, offline, and
// their sizes checked against Cloudflare's limits.
describe("mockctl platform deploy --dry-run", () => {
  it("bundles both Workers without an account and reports their sizes within the limits", async () => {
    const scratch = mkdtempSync(join(tmpdir(), "mockctl-tmp-"));
    const result = await runCli(["platform", "deploy", "--env", "staging", "--dry-run", "--json"], {
      env: cleanEnv({ TMPDIR: scratch }),
    });
    // The bundles went to a folder of the CLI's own, gone once the sizes were read.
    const left = readdirSync(scratch).filter((name) => name.startsWith("mockctl-dry-run-"));
    rmSync(scratch, { recursive: true, force: true });
    expect(result.code).toBe(0);
    expect(left).toEqual([]);
    const report = parsedJson(result) as {
      sizes: { worker: string; bytes: number; gzip: number }[];
      limits: { freeGzip: number };
    };
    expect(report).not.toHaveProperty("out");
    expect(report.sizes.map((size) => size.worker)).toEqual(["admin", "edge"]);
    for (const size of report.sizes) {
      expect(size.gzip).toBeGreaterThan(10_000);
      expect(size.gzip).toBeLessThan(report.limits.freeGzip);
    }
  });

  it("needs --env (exit 2)", async () => {
    const result = await runCli(["platform", "deploy", "--dry-run"]);
    expect([result.code, result.stderr]).toEqual([2, expect.stringContaining("--env is required")]);
  });
});
