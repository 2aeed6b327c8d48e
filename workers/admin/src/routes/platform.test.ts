import { createdWorkspaceSchema, workspaceWithCallerSchema } from "@mockctl/contract";
import { describe, expect, it } from "vitest";
import { call } from "../../test/client.ts";
import { asPlatform, auditRows, newToken, newWorkspace, withKey } from "../../test/tenants.ts";

const INJECTING = { protocol: "http", port: 4546, stubs: [{ responses: [{ inject: "function(){}" }] }] };

describe("POST /platform/workspaces", () => {
  it("creates a workspace and its first admin token, shown once", async () => {
    const answer = await call("POST", "/platform/workspaces", {
      ...asPlatform,
      body: { id: "team", name: "Team" },
    });
    expect(answer.status, answer.text).toBe(201);
    const { workspace, token } = createdWorkspaceSchema.parse(answer.json);
    expect(workspace).toMatchObject({ id: "team", name: "Team", allowInjection: false });
    expect(workspace.adminUrl).toBe("http://localhost:2525/w/team");
    expect(token).toMatchObject({ name: "admin", scope: "admin", createdBy: "api-key", revokedAt: null });
    expect((await call("GET", "/platform/workspace", withKey(token.secret))).json.id).toBe("team");
    expect(await auditRows("team")).toEqual([
      { actor: "api-key", action: "workspace.create", target: "workspace:team" },
      { actor: "api-key", action: "token.create", target: `token:${token.id}` },
    ]);
  });

  it.each([
    [{ id: "Not A Label" }, "id"],
    [{ id: "team", allowInjection: "yes" }, "allowInjection"],
    [{}, "id"],
    ["", ""],
  ])("refuses %j with 400 bad data naming the field", async (body, field) => {
    const answer = await call("POST", "/platform/workspaces", { ...asPlatform, body });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.json.errors[0]).toMatchObject({ code: "bad data" });
    expect(answer.json.errors[0].message).toContain(field);
  });

  it("refuses an existing id with mb's conflict status and changes nothing", async () => {
    const first = await newWorkspace("team");
    const again = await call("POST", "/platform/workspaces", { ...asPlatform, body: { id: "team" } });
    expect(again.status).toBe(400);
    expect(again.json.errors[0].code).toBe("resource conflict");
    expect((await call("GET", "/platform/tokens", withKey(first.secret))).json.tokens).toHaveLength(1);
  });

  it("is the platform key's alone: a workspace admin token gets 403", async () => {
    const admin = await newWorkspace("team");
    const answer = await call("POST", "/platform/workspaces", {
      ...withKey(admin.secret),
      body: { id: "other" },
    });
    expect(answer.status).toBe(403);
    expect(
      (await call("POST", "/platform/workspaces", { ...asPlatform, body: { id: "other" } })).status,
    ).toBe(201);
  });
});

describe("GET and PATCH /platform/workspace", () => {
  it("shows the caller's workspace to a read token", async () => {
    const reader = await newToken(await newWorkspace("team"), "read");
    const answer = await call("GET", "/platform/workspace", withKey(reader.secret));
    expect(workspaceWithCallerSchema.parse(answer.json)).toMatchObject({
      id: "team",
      allowInjection: false,
      caller: { scope: "read", actor: `token:${reader.name}` },
    });
  });

  // A deploy's dry run counts against these (mockctl deploy): the refusal a real one would meet, told first.
  it("names the workspace's limits, as the platform's vars set them", async () => {
    const reader = await newToken(await newWorkspace("team"), "read");
    const answer = await call("GET", "/platform/workspace", {
      ...withKey(reader.secret),
      vars: { MAX_IMPOSTERS: "7" },
    });
    expect(workspaceWithCallerSchema.parse(answer.json).limits).toEqual({
      maxImposters: 7,
      maxStoredBytes: 104_857_600,
    });
  });

  it("lets an admin allow injection in its own workspace only", async () => {
    const team = await newWorkspace("team");
    const other = await newWorkspace("other");
    expect((await call("POST", "/imposters", { ...withKey(team.secret), body: INJECTING })).status).toBe(400);
    const patched = await call("PATCH", "/platform/workspace", {
      ...withKey(team.secret),
      body: { allowInjection: true },
    });
    expect(patched.json).toMatchObject({ allowInjection: true, injectionAllowed: true });
    expect((await call("POST", "/imposters", { ...withKey(team.secret), body: INJECTING })).status).toBe(201);
    expect((await call("POST", "/imposters", { ...withKey(other.secret), body: INJECTING })).status).toBe(
      400,
    );
    expect((await call("GET", "/config", withKey(team.secret))).json.options.allowInjection).toBe(true);
    expect((await auditRows("team")).at(-2)).toEqual({
      actor: "token:admin",
      action: "workspace.update",
      target: "workspace:team",
    });
  });

  it("says injection is allowed where the platform allows it everywhere, the workspace's own setting apart", async () => {
    const team = await newWorkspace("team");
    const off = await call("GET", "/platform/workspace", withKey(team.secret));
    expect(off.json).toMatchObject({ allowInjection: false, injectionAllowed: false });
    const everywhere = await call("GET", "/platform/workspace", {
      ...withKey(team.secret),
      vars: { ALLOW_INJECTION: "true" },
    });
    expect(workspaceWithCallerSchema.parse(everywhere.json)).toMatchObject({
      allowInjection: false,
      injectionAllowed: true,
    });
  });

  it("refuses a body that is not the settings, and a write token", async () => {
    const team = await newWorkspace("team");
    const bad = await call("PATCH", "/platform/workspace", {
      ...withKey(team.secret),
      body: { allowInjection: 1 },
    });
    expect(bad.status).toBe(400);
    const writer = await newToken(team, "write");
    const refused = await call("PATCH", "/platform/workspace", {
      ...withKey(writer.secret),
      body: { allowInjection: true },
    });
    expect(refused.status).toBe(403);
    expect((await call("GET", "/platform/workspace", withKey(team.secret))).json.allowInjection).toBe(false);
  });
});
