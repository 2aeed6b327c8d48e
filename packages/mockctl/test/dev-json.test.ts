import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "./run-cli.ts";

let holder: Server | undefined;
let port = 0;
beforeAll(async () => {
  holder = createServer();
  port = await new Promise<number>((done) =>
    holder?.listen(0, "127.0.0.1", () => {
      const address = holder?.address();
      done(typeof address === "object" && address ? address.port : 0);
    }),
  );
});
afterAll(() => holder?.close());

const devOnTakenPort = (...extra: string[]) => {
  const data = join(mkdtempSync(join(tmpdir(), "mockctl-dev-json-")), "data");
  return runCli(["dev", "--port", String(port), "--data", data, ...extra]);
};

// QA #10: `mockctl: port 9201 is already in use …`, not the `✘ ERROR` every other command fails with.
describe("mockctl dev on a port in use", () => {
  it("fails as every command does: ✘ ERROR, then what to do", async () => {
    const result = await devOnTakenPort();
    expect([result.code, result.stdout]).toEqual([1, ""]);
    expect(result.stderr).toBe(
      `✘ ERROR port ${port} is already in use (is mb or another platform running on it?)\n\nChoose another with --port <number>.\n`,
    );
  }, 120_000);

  it("puts the launcher's reason and hint in its JSON error under --json, and nothing more on stderr", async () => {
    const result = await devOnTakenPort("--json");
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout.trim())).toEqual({
      ok: false,
      error: {
        message: `port ${port} is already in use (is mb or another platform running on it?)`,
        details: [],
        hint: "Choose another with --port <number>.",
      },
    });
    expect(result.stderr).not.toContain("already in use");
  }, 120_000);

  // mb's flag: refused with what to do instead, as a usage error, not "unknown option: --mock".
  it("refuses mb's --mock with what to do instead, exit 2", async () => {
    const result = await devOnTakenPort("--mock");
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("✘ ERROR --mock (mb records every imposter's requests) is not supported");
    expect(result.stderr).toContain('Set "recordRequests": true on the imposters to verify.');
  }, 120_000);
});
