import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call } from "../../test/client.ts";
import { created } from "../../test/helpers.ts";
import { storedWorkspace } from "../../test/tenants.ts";

const vars = { API_KEY: "platform" };
const asPlatform = { vars, headers: { "x-api-key": "platform" } };
const asTeam = { vars, headers: { "x-api-key": "team-token" } };

const addTeam = (allowInjection: boolean) =>
  storedWorkspace("team", { allowInjection, platformKey: "platform" });

describe("workspaces", () => {
  it("keep their imposters apart: same port, separate objects, catalogs and snapshots", async () => {
    await addTeam(false);
    await created({ protocol: "http", port: 4545, name: "platform" }, asPlatform);
    await created({ protocol: "http", port: 4545, name: "team" }, asTeam);
    expect((await call("GET", "/imposters/4545", asTeam)).json.name).toBe("team");
    expect((await call("GET", "/imposters/4545", asPlatform)).json.name).toBe("platform");
    await call("DELETE", "/imposters", asTeam);
    expect((await call("GET", "/imposters", asPlatform)).json.imposters).toHaveLength(1);
    expect(await env.SNAPSHOTS.get("local:4545")).toBe("1");
    expect(await env.SNAPSHOTS.get("team:4545")).toBeNull();
  });

  it("allow injection on their own", async () => {
    await addTeam(true);
    const imposter = { protocol: "http", port: 4546, stubs: [{ responses: [{ inject: "function(){}" }] }] };
    expect((await call("POST", "/imposters", { ...asPlatform, body: imposter })).status).toBe(400);
    expect((await call("POST", "/imposters", { ...asTeam, body: imposter })).status).toBe(201);
  });
});

describe("the default workspace", () => {
  it("is created on first use even when the platform flag skips its injection setting", async () => {
    await created({ protocol: "http", port: 4547 }, { vars: { ALLOW_INJECTION: "true" } });
    const row = await env.DB.prepare("SELECT id, allow_injection FROM workspaces").first();
    expect(row).toEqual({ id: "local", allow_injection: 0 });
  });
});
