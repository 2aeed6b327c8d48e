import { describe, expect, it } from "vitest";
import { platformForTests } from "./platform-for-tests.ts";

const platform = platformForTests("config-uptime");

describe("GET /config on the local platform", () => {
  it("counts uptime from the platform's start, not from the first GET /config (QA)", async () => {
    const asked = Date.now();
    await new Promise((done) => setTimeout(done, 1_200));
    const { process } = (await (await fetch(`${platform.url}/config`)).json()) as {
      process: { uptime: number };
    };
    // Started before this test began (beforeAll), so at least the wait; the old count began at this call.
    expect(process.uptime).toBeGreaterThanOrEqual(1.2);
    expect(process.uptime).toBeLessThan((Date.now() - asked) / 1000 + 120);
  });
});
