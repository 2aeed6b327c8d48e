import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { type CallOptions, call } from "../../test/client.ts";
import {
  asPlatform,
  newToken,
  newWorkspace,
  UNAUTHORIZED,
  vars,
  withBearer,
  withKey,
} from "../../test/tenants.ts";

/** A route of each kind: Mountebank read and write, platform read and admin. */
const ROUTES: Array<[string, string]> = [
  ["GET", "/imposters"],
  ["POST", "/imposters"],
  ["GET", "/platform/workspace"],
  ["GET", "/platform/tokens"],
  ["GET", "/platform/audit"],
];

async function expireToken(id: string, at: number) {
  await env.DB.prepare("UPDATE api_tokens SET expires_at = ? WHERE id = ?").bind(at, id).run();
}

const lastUsed = async (id: string) =>
  (
    await env.DB.prepare("SELECT last_used_at AS t FROM api_tokens WHERE id = ?")
      .bind(id)
      .first<{ t: number | null }>()
  )?.t;

describe("workspace tokens", () => {
  it("open their workspace by x-api-key and by Authorization: Bearer", async () => {
    const admin = await newWorkspace("team");
    for (const options of [withKey(admin.secret), withBearer(admin.secret)]) {
      const answer = await call("GET", "/platform/workspace", options);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.json.id).toBe("team");
    }
  });

  it.each(
    ROUTES,
  )("%s %s: missing, wrong, expired and revoked tokens are 401 in mb's shape", async (method, path) => {
    const admin = await newWorkspace("team");
    const expired = await newToken(admin, "admin", "expired");
    const revoked = await newToken(admin, "admin", "revoked");
    await expireToken(expired.id, Date.now() - 1);
    expect((await call("DELETE", `/platform/tokens/${revoked.id}`, withKey(admin.secret))).status).toBe(200);
    const wrong = `${admin.secret.slice(0, -1)}x`;
    const attempts: CallOptions[] = [
      { vars },
      withKey(wrong),
      withBearer(wrong),
      withKey(expired.secret),
      withBearer(revoked.secret),
    ];
    for (const options of attempts) {
      const answer = await call(method, path, options);
      expect(answer.status, JSON.stringify(options.headers)).toBe(401);
      expect(answer.json).toEqual(UNAUTHORIZED);
    }
    expect((await call("GET", "/platform/tokens", withKey(admin.secret))).status).toBe(200);
  });

  it("stop working on the very next request after revocation, with the token revoking itself", async () => {
    const admin = await newWorkspace("team");
    expect((await call("DELETE", `/platform/tokens/${admin.id}`, withKey(admin.secret))).status).toBe(200);
    expect((await call("GET", "/imposters", withKey(admin.secret))).status).toBe(401);
  });

  it("work until their expiry", async () => {
    const admin = await newWorkspace("team");
    await expireToken(admin.id, Date.now() + 60_000);
    expect((await call("GET", "/imposters", withKey(admin.secret))).status).toBe(200);
  });

  it("record their last use at most once a minute", async () => {
    const admin = await newWorkspace("team");
    expect(await lastUsed(admin.id)).toBeNull();
    await call("GET", "/imposters", withKey(admin.secret));
    const first = await lastUsed(admin.id);
    expect(first).toBeGreaterThan(Date.now() - 10_000);
    await call("GET", "/imposters", withKey(admin.secret));
    expect(await lastUsed(admin.id)).toBe(first);
    const old = Date.now() - 61_000;
    await env.DB.prepare("UPDATE api_tokens SET last_used_at = ? WHERE id = ?").bind(old, admin.id).run();
    await call("GET", "/imposters", withKey(admin.secret));
    expect(await lastUsed(admin.id)).toBeGreaterThan(old + 60_000);
  });

  it("are stored only as a SHA-256: no column holds the secret", async () => {
    const admin = await newWorkspace("team");
    expect(admin.secret).toMatch(/^mck_[0-9a-f]{8}_[0-9a-f]{64}$/);
    expect(admin.secret.startsWith(`${admin.prefix}_`)).toBe(true);
    const row = await env.DB.prepare("SELECT * FROM api_tokens WHERE id = ?").bind(admin.id).first();
    expect(JSON.stringify(row)).not.toContain(admin.secret.slice(13));
  });
});

describe("without a platform key (npm start without --apikey)", () => {
  it("any caller is the operator of the default workspace; a key that is not a token is ignored, as mb does", async () => {
    expect((await call("GET", "/imposters")).status).toBe(200);
    expect((await call("GET", "/imposters", { headers: { "x-api-key": "anything" } })).status).toBe(200);
    expect((await call("POST", "/platform/workspaces", { body: { id: "team" } })).status).toBe(201);
  });

  it("a token opens its own workspace, and an unknown or revoked one is refused", async () => {
    const admin = await newWorkspace("team", {});
    const open = { headers: { "x-api-key": admin.secret } };
    expect((await call("GET", "/platform/workspace", open)).json.id).toBe("team");
    expect((await call("GET", "/imposters", { headers: { "x-api-key": "mck_00000000_00" } })).status).toBe(
      401,
    );
    await call("DELETE", `/platform/tokens/${admin.id}`, open);
    expect((await call("GET", "/imposters", open)).status).toBe(401);
  });
});

describe("the platform key", () => {
  it("is an admin of the default workspace", async () => {
    const answer = await call("GET", "/platform/workspace", asPlatform);
    expect(answer.json).toMatchObject({ id: "local", adminUrl: "http://localhost:2525" });
    expect((await call("GET", "/platform/tokens", asPlatform)).status).toBe(200);
  });
});
