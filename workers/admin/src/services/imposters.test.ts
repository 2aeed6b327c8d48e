import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call } from "../../test/client.ts";
import { created } from "../../test/helpers.ts";

const catalog = async () =>
  (await env.DB.prepare("SELECT workspace_id, port, protocol, name FROM imposters ORDER BY port").all())
    .results;

describe("the imposter catalog in D1", () => {
  it("follows creation and deletion", async () => {
    await created({ protocol: "http", port: 4700, name: "a" });
    await created({ protocol: "https", port: 4701 });
    expect(await catalog()).toEqual([
      { workspace_id: "local", port: 4700, protocol: "http", name: "a" },
      { workspace_id: "local", port: 4701, protocol: "https", name: null },
    ]);
    await call("DELETE", "/imposters/4700");
    expect((await catalog()).map((row) => row.port)).toEqual([4701]);
  });

  it("makes the default workspace's row with its first imposter, whose claim its foreign key refused", async () => {
    const workspaces = async () => (await env.DB.prepare("SELECT id FROM workspaces").all()).results;
    expect(await workspaces()).toEqual([]);
    await created({ protocol: "http", port: 4700 });
    expect(await workspaces()).toEqual([{ id: "local" }]);
    expect(await catalog()).toEqual([{ workspace_id: "local", port: 4700, protocol: "http", name: null }]);
  });

  it("gives the port back when the imposter object fails to store the imposter", async () => {
    const failing = {
      idFromName: (name: string) => env.IMPOSTERS.idFromName(name),
      get: () => ({
        read: async () => null,
        create: async () => {
          throw new Error("storage is full");
        },
      }),
    };
    const answer = await call("POST", "/imposters", {
      vars: { IMPOSTERS: failing as never },
      body: { protocol: "http", port: 4700 },
    });
    expect(answer.status).toBe(500);
    expect(answer.text).not.toContain("storage");
    expect(await catalog()).toEqual([]);
    await created({ protocol: "http", port: 4700 });
  });

  it("answers a create that took a claim over as a conflict when the claim's own create stored first", async () => {
    // The race: B found A's claim with no object yet (read: null), and A's imposter was stored before B's.
    const racing = {
      idFromName: (name: string) => env.IMPOSTERS.idFromName(name),
      get: () => ({ read: async () => null, create: async () => null }),
    };
    await env.DB.prepare("INSERT INTO workspaces (id, name) VALUES ('local', 'local')").run();
    await env.DB.prepare(
      "INSERT INTO imposters (workspace_id, port, protocol) VALUES ('local', 4700, 'http')",
    ).run();
    const answer = await call("POST", "/imposters", {
      vars: { IMPOSTERS: racing as never },
      body: { protocol: "http", port: 4700 },
    });
    expect([answer.status, answer.json]).toEqual([
      400,
      { errors: [{ code: "resource conflict", message: "Port 4700 is already in use" }] },
    ]);
    expect((await catalog()).map((row) => row.port)).toEqual([4700]); // A's claim stays
    expect(await env.DB.prepare("SELECT action FROM audit_log").all()).toMatchObject({ results: [] });
  });

  it("takes over a port whose claim was left without an object by an interrupted create", async () => {
    await env.DB.prepare("INSERT INTO workspaces (id, name) VALUES ('local', 'local')").run();
    await env.DB.prepare(
      "INSERT INTO imposters (workspace_id, port, protocol) VALUES ('local', 4700, 'https')",
    ).run();
    expect((await call("GET", "/imposters")).json.imposters).toEqual([]);
    await created({ protocol: "http", port: 4700, name: "fresh" });
    expect(await catalog()).toEqual([{ workspace_id: "local", port: 4700, protocol: "http", name: "fresh" }]);
  });

  it("writes every change to the audit log, and a delete of nothing none", async () => {
    await created({ protocol: "http", port: 4700 });
    await call("PUT", "/imposters/4700/stubs", { body: { stubs: [{ responses: [{ is: {} }] }] } });
    await call("DELETE", "/imposters/4700/savedRequests");
    await call("DELETE", "/imposters/4700");
    await call("DELETE", "/imposters/4700");
    const rows = (await env.DB.prepare("SELECT actor, action, target FROM audit_log ORDER BY id").all())
      .results;
    expect(rows).toEqual([
      { actor: "anonymous", action: "imposter.create", target: "http:4700" },
      { actor: "anonymous", action: "stubs.replace", target: "http:4700" },
      { actor: "anonymous", action: "requests.delete", target: "http:4700" },
      { actor: "anonymous", action: "imposter.delete", target: "http:4700" },
    ]);
  });
});
