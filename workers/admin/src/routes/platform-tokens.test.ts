import { auditPageSchema, createdTokenSchema, tokenListSchema } from "@mockctl/contract";
import { describe, expect, it } from "vitest";
import { call } from "../../test/client.ts";
import { created } from "../../test/helpers.ts";
import { auditRows, newToken, newWorkspace, withKey } from "../../test/tenants.ts";

describe("POST /platform/tokens", () => {
  it("creates a token with its scope and expiry, the secret in this answer only", async () => {
    const admin = await newWorkspace("team");
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    const body = { name: "ci", scope: "write", expiresAt };
    const answer = await call("POST", "/platform/tokens", { ...withKey(admin.secret), body });
    expect(answer.status, answer.text).toBe(201);
    const token = createdTokenSchema.parse(answer.json);
    expect(token).toMatchObject({ name: "ci", scope: "write", expiresAt, createdBy: "token:admin" });
    expect(token.secret.startsWith(token.prefix)).toBe(true);
    expect((await auditRows("team")).at(-1)).toEqual({
      actor: "token:admin",
      action: "token.create",
      target: `token:${token.id}`,
    });
  });

  it.each([
    [{ name: "x", scope: "owner" }, "scope"],
    [{ scope: "read" }, "name"],
    [{ name: "x", scope: "read", expiresAt: "tomorrow" }, "expiresAt"],
    [{ name: "x", scope: "read", expiresAt: "2000-01-01T00:00:00Z" }, "expiresAt"],
  ])("refuses %j with 400 naming %s", async (body, field) => {
    const admin = await newWorkspace("team");
    const answer = await call("POST", "/platform/tokens", { ...withKey(admin.secret), body });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.json.errors[0].message).toContain(field);
  });
});

describe("GET /platform/tokens", () => {
  it("lists the workspace's tokens with prefix, scope and last use, never a secret", async () => {
    const admin = await newWorkspace("team");
    const reader = await newToken(admin, "read");
    await newWorkspace("other");
    await call("GET", "/imposters", withKey(reader.secret));
    const answer = await call("GET", "/platform/tokens", withKey(admin.secret));
    const { tokens } = tokenListSchema.parse(answer.json);
    expect(tokens.map((token) => [token.name, token.scope])).toEqual([
      ["admin", "admin"],
      ["read", "read"],
    ]);
    expect(tokens[1]?.lastUsedAt).not.toBeNull();
    expect(answer.text).not.toContain(reader.secret.slice(13));
    expect(answer.text).not.toContain("secret");
  });
});

describe("DELETE /platform/tokens/:id", () => {
  it("revokes the token, keeps it listed with its revocation time, and logs who did it", async () => {
    const admin = await newWorkspace("team");
    const reader = await newToken(admin, "read");
    const answer = await call("DELETE", `/platform/tokens/${reader.id}`, withKey(admin.secret));
    expect(answer.status).toBe(200);
    expect(answer.json.revokedAt).not.toBeNull();
    expect((await call("GET", "/imposters", withKey(reader.secret))).status).toBe(401);
    const listed = (await call("GET", "/platform/tokens", withKey(admin.secret))).json.tokens;
    expect(listed[1].revokedAt).toBe(answer.json.revokedAt);
    expect((await auditRows("team")).at(-1)).toMatchObject({
      action: "token.revoke",
      target: `token:${reader.id}`,
    });
  });

  // A cleanup job that revokes again must not rewrite history: the first time stays, and one log entry.
  it("answers a second revoke as the first, with the first time, and logs nothing more", async () => {
    const admin = await newWorkspace("team");
    const reader = await newToken(admin, "read");
    const revoke = () => call("DELETE", `/platform/tokens/${reader.id}`, withKey(admin.secret));
    const first = await revoke();
    const second = await revoke();
    expect([second.status, second.json]).toEqual([200, first.json]);
    const revokes = (await auditRows("team")).filter((row) => row.action === "token.revoke");
    expect(revokes).toEqual([expect.objectContaining({ target: `token:${reader.id}` })]);
  });

  it("is 404 for an unknown id", async () => {
    const admin = await newWorkspace("team");
    const answer = await call("DELETE", "/platform/tokens/nope", withKey(admin.secret));
    expect(answer.status).toBe(404);
    expect(answer.json.errors[0].code).toBe("no such resource");
  });
});

describe("GET /platform/audit", () => {
  it("pages the workspace's log newest first, with every admin mutation in it", async () => {
    const admin = await newWorkspace("team");
    const key = withKey(admin.secret);
    await created({ protocol: "http", port: 4545 }, key);
    await call("POST", "/imposters/4545/stubs", { ...key, body: { stub: { responses: [{ is: {} }] } } });
    await call("DELETE", "/imposters/4545", key);
    const first = auditPageSchema.parse((await call("GET", "/platform/audit?limit=2", key)).json);
    expect(first.entries.map((entry) => entry.action)).toEqual(["imposter.delete", "stub.add"]);
    expect(first.entries[1]).toMatchObject({ target: "http:4545", stub: 0 });
    expect(first.entries[0]).not.toHaveProperty("stub");
    expect(first.entries[0]).toMatchObject({ actor: "token:admin", target: "http:4545" });
    const second = auditPageSchema.parse(
      (await call("GET", `/platform/audit?limit=2&before=${first.next}`, key)).json,
    );
    expect(second.entries.map((entry) => entry.action)).toEqual(["imposter.create", "token.create"]);
    const last = auditPageSchema.parse(
      (await call("GET", `/platform/audit?limit=2&before=${second.next}`, key)).json,
    );
    expect(last).toEqual({ entries: [expect.objectContaining({ action: "workspace.create" })] });
  });

  it("shows nothing of another workspace", async () => {
    const team = await newWorkspace("team");
    const other = await newWorkspace("other");
    await created({ protocol: "http", port: 4545 }, withKey(other.secret));
    const { entries } = (await call("GET", "/platform/audit", withKey(team.secret))).json;
    expect(entries.map((entry: { action: string }) => entry.action)).toEqual([
      "token.create",
      "workspace.create",
    ]);
  });

  it.each(["limit=0", "limit=501", "limit=x", "before=-1"])("refuses ?%s with 400", async (query) => {
    const admin = await newWorkspace("team");
    expect((await call("GET", `/platform/audit?${query}`, withKey(admin.secret))).status).toBe(400);
  });
});
