import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { type Platform, type PlatformOptions, startPlatform } from "./platform.ts";

export interface TestPlatform extends Platform {
  dataDir: string;
  /** A GET of `path` on the platform: its status, its body and how long it took, in ms. */
  timed(path: string): Promise<{ status: number; body: string; ms: number }>;
  /** Deletes the imposter at its port, then creates it: the test starts from this definition. */
  recreate(imposter: { port: number }): Promise<{ status: number; body: unknown }>;
}

/**
 * The local platform a test file (or a describe block) runs against: started in its `beforeAll` on a free
 * port with a data directory of its own, stopped and the directory removed in its `afterAll`. Call it where
 * the hooks belong; read `url` from tests and later hooks only (it throws before the start).
 */
export function platformForTests(
  label: string,
  options: Omit<PlatformOptions, "port" | "dataDir"> = {},
): TestPlatform {
  const dataDir = mkdtempSync(join(tmpdir(), `mockctl-${label}-`));
  let started: Platform | undefined;
  beforeAll(async () => {
    started = await startPlatform({ ...options, port: 0, dataDir });
  });
  afterAll(async () => {
    await started?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const platform: TestPlatform = {
    dataDir,
    get url() {
      if (started === undefined) throw new Error(`the ${label} platform has not started`);
      return started.url;
    },
    stop: async () => started?.stop(),
    async timed(path) {
      const begun = performance.now();
      const response = await fetch(`${platform.url}${path}`);
      const body = await response.text();
      return { status: response.status, body, ms: performance.now() - begun };
    },
    async recreate(imposter) {
      await fetch(`${platform.url}/imposters/${imposter.port}`, { method: "DELETE" });
      const response = await fetch(`${platform.url}/imposters`, {
        method: "POST",
        body: JSON.stringify(imposter),
      });
      return { status: response.status, body: await response.json() };
    },
  };
  return platform;
}
