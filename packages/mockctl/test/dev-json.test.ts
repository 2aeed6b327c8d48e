import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "./run-cli.ts";

let holder: Server | undefined;
afterAll(() => holder?.close());

describe("mockctl dev --json", () => {
  it("puts the launcher's reason for not starting in its JSON error (a port in use)", async () => {
    holder = createServer();
    const port = await new Promise<number>((done) =>
      holder?.listen(0, "127.0.0.1", () => {
        const address = holder?.address();
        done(typeof address === "object" && address ? address.port : 0);
      }),
    );
    const data = join(mkdtempSync(join(tmpdir(), "mockctl-dev-json-")), "data");
    const result = await runCli(["dev", "--port", String(port), "--data", data, "--json"]);
    expect(result.code).toBe(1);
    const answer = JSON.parse(result.stdout.trim()) as { ok: boolean; error: { message: string } };
    expect(answer).toMatchObject({ ok: false });
    expect(answer.error.message).toContain(`port ${port} is already in use`);
    // People watching the terminal still see it as it happened.
    expect(result.stderr).toContain(`port ${port} is already in use`);
  }, 120_000);
});
