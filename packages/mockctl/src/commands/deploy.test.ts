import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Client } from "../client.ts";
import { createOutput } from "../output.ts";
import { deploy } from "./deploy.ts";

/** A file of `count` imposters from port 40000. */
function config(count: number): { cwd: string; file: string } {
  const cwd = mkdtempSync(join(tmpdir(), "mockctl-deploy-"));
  const imposters = Array.from({ length: count }, (_, i) => ({ protocol: "http", port: 40_000 + i }));
  writeFileSync(join(cwd, "lim.json"), JSON.stringify({ imposters }));
  return { cwd, file: "lim.json" };
}

// QA #7: a deploy into a workspace at 995 of its 1000 imposters that creates 6 said Success on --dry-run.
describe("mockctl deploy --dry-run", () => {
  it("meets the workspace's imposter limit as the real deploy would", async () => {
    const { cwd, file } = config(6);
    const held = Array.from({ length: 995 }, (_, i) => ({ protocol: "http", port: 10_000 + i }));
    const client = {
      target: { url: "http://mocks.test", source: "test" },
      listImposters: async () => held,
      getConfig: async () => ({ options: { allowInjection: false } }),
      platform: { getWorkspace: async () => ({ limits: { maxImposters: 1000, maxStoredBytes: 1 } }) },
    } as unknown as Client;
    const out = createOutput(false, { out: () => {}, err: () => {} });
    const run = deploy.run({
      values: { "dry-run": true },
      positionals: [file],
      out,
      env: {},
      cwd,
      client: () => client,
    });
    await expect(run).rejects.toMatchObject({
      message: "this deploy would take the workspace past its limit of 1000 imposters; nothing was sent",
    });
  });
});
