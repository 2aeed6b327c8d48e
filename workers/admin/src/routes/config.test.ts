import { describe, expect, it } from "vitest";
import { call } from "../../test/client.ts";

describe("GET /config", () => {
  it("keeps mb's shape: version, options, process", async () => {
    const answer = await call("GET", "/config");
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.json)).toEqual(["version", "options", "process"]);
    expect(answer.json.version).toBe("2.9.1");
    expect(answer.json.options).toMatchObject({ port: 2525, allowInjection: false, ipWhitelist: ["*"] });
    expect(Object.keys(answer.json.process)).toEqual([
      "nodeVersion",
      "architecture",
      "platform",
      "rss",
      "heapTotal",
      "heapUsed",
      "uptime",
      "cwd",
    ]);
  });

  it("reports injection allowed by the platform flag", async () => {
    const answer = await call("GET", "/config", { vars: { ALLOW_INJECTION: "true" } });
    expect(answer.json.options.allowInjection).toBe(true);
  });

  it("counts uptime from the platform's start when the launcher gives it (STARTED_AT)", async () => {
    const startedAt = Date.now() - 90_000;
    const answer = await call("GET", "/config", { vars: { STARTED_AT: String(startedAt) } });
    expect(answer.json.process.uptime).toBeGreaterThanOrEqual(90);
    expect(answer.json.process.uptime).toBeLessThan(120);
  });

  it("never echoes the API key, unlike mb's options.apikey", async () => {
    const answer = await call("GET", "/config", {
      vars: { API_KEY: "k3y" },
      headers: { "x-api-key": "k3y" },
    });
    expect(answer.status).toBe(200);
    expect(answer.text).not.toContain("k3y");
  });
});
