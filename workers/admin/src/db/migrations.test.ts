import { applyD1Migrations, type D1Migration, reset } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { getTableConfig, type SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { call } from "../../test/client.ts";
import { imposterObject } from "../../test/helpers.ts";
import { tokenHash } from "../services/auth.ts";
import { apiTokens, auditLog, imposters, workspaces } from "./schema.ts";

const { DB, TEST_MIGRATIONS } = env as unknown as { DB: D1Database; TEST_MIGRATIONS: D1Migration[] };

/** The columns the database has, by table, as SQLite reports them. */
async function columnsOf(table: string): Promise<string[]> {
  const { results } = await DB.prepare(`SELECT name FROM pragma_table_info(?) ORDER BY name`)
    .bind(table)
    .all<{ name: string }>();
  return results.map((row) => row.name);
}

const TABLES: SQLiteTable[] = [workspaces, apiTokens, imposters, auditLog];

/** A database as a release with the first `migrations` left it, with a row in every table. */
async function previousRelease(migrations = 1): Promise<void> {
  await reset();
  await applyD1Migrations(DB, TEST_MIGRATIONS.slice(0, migrations));
  await DB.batch([
    DB.prepare("INSERT INTO workspaces (id, name, allow_injection) VALUES ('team', 'Team', 1)"),
    DB.prepare(
      "INSERT INTO api_tokens (id, workspace_id, name, token_hash) VALUES ('t1', 'team', 'ci', ?)",
    ).bind(await tokenHash("an-old-token")),
    DB.prepare("INSERT INTO imposters (workspace_id, port, protocol) VALUES ('team', 4545, 'http')"),
    DB.prepare("INSERT INTO audit_log (workspace_id, actor, action, target) VALUES ('team', 'x', 'y', 'z')"),
  ]);
}

describe("migrations", () => {
  it("applied to an empty database give every column the drizzle schema declares", async () => {
    for (const table of TABLES) {
      const { name, columns } = getTableConfig(table);
      expect(await columnsOf(name), name).toEqual(columns.map((column) => column.name).sort());
    }
  });

  it("applied to the previous release's database keep its rows", async () => {
    await previousRelease();
    await applyD1Migrations(DB, TEST_MIGRATIONS);
    const count = async (table: string) =>
      (await DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())?.n;
    for (const table of ["workspaces", "api_tokens", "imposters", "audit_log"])
      expect(await count(table)).toBe(1);
    const token = await DB.prepare(
      "SELECT prefix, scope, expires_at, revoked_at, created_by FROM api_tokens",
    ).first();
    expect(token).toEqual({
      prefix: "",
      scope: "admin",
      expires_at: null,
      revoked_at: null,
      created_by: "platform",
    });
  });

  it("leave an old token working, as an admin of its workspace", async () => {
    await previousRelease();
    await applyD1Migrations(DB, TEST_MIGRATIONS);
    const asOld = { vars: { API_KEY: "platform" }, headers: { "x-api-key": "an-old-token" } };
    const answer = await call("GET", "/imposters", asOld);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json.imposters).toEqual([]); // the catalog row has no object behind it: skipped
  });

  it("0002 leaves an older imposter's bytes to its object, so the limit still counts them", async () => {
    await previousRelease(2);
    const stubs = [{ responses: [{ is: { body: "x".repeat(300) } }] }];
    await imposterObject(4545, "team").put({ protocol: "http", port: 4545, stubs });
    const bytes = await imposterObject(4545, "team").storedBytes();
    await applyD1Migrations(DB, TEST_MIGRATIONS);
    const row = await DB.prepare("SELECT stored_bytes, bytes_version FROM imposters").first();
    expect(row).toEqual({ stored_bytes: null, bytes_version: 0 });

    const draft = { protocol: "http", port: 4546 };
    const asOld = (max: number) => ({
      vars: { API_KEY: "platform", MAX_STORED_BYTES: String(max) },
      headers: { "x-api-key": "an-old-token" },
      body: draft,
    });
    /** What POST /imposters would make the workspace hold, as the limit counts it. */
    const counted = async () => (await call("POST", "/imposters", asOld(1))).json.errors[0].data.actual;
    const withObject = await counted();
    await DB.prepare("UPDATE imposters SET stored_bytes = 0").run();
    expect(withObject - (await counted())).toBe(bytes);
    await DB.prepare("UPDATE imposters SET stored_bytes = NULL").run();
    expect((await call("POST", "/imposters", asOld(withObject - 1))).status).toBe(413);
    const accepted = await call("POST", "/imposters", asOld(withObject));
    expect(accepted.status, accepted.text).toBe(201);
    // Its next change writes its number.
    await call("PUT", "/imposters/4545/stubs", { ...asOld(1_000_000), body: { stubs: [] } });
    const changed = await DB.prepare("SELECT stored_bytes FROM imposters WHERE port = 4545").first();
    expect(changed).toEqual({ stored_bytes: await imposterObject(4545, "team").storedBytes() });
  });

  it("0003 names the older imposter actions as the contract does; GET /logs words them as before", async () => {
    await previousRelease(3);
    const words = ["created", "stub added at 2", "stub 1 replaced", "stub 0 deleted", "stubs replaced"];
    const more = ["saved proxy responses deleted", "saved requests deleted", "deleted", "token.create"];
    await DB.batch(
      [...words, ...more].map((action) =>
        DB.prepare(
          "INSERT INTO audit_log (workspace_id, actor, action, target) VALUES ('team', 'api-key', ?, 'http:4545')",
        ).bind(action),
      ),
    );
    await applyD1Migrations(DB, TEST_MIGRATIONS);
    const { results } = await DB.prepare(
      "SELECT action, stub FROM audit_log WHERE actor = 'api-key' ORDER BY id",
    ).all();
    expect(results).toEqual([
      { action: "imposter.create", stub: null },
      { action: "stub.add", stub: 2 },
      { action: "stub.replace", stub: 1 },
      { action: "stub.delete", stub: 0 },
      { action: "stubs.replace", stub: null },
      { action: "proxy-responses.delete", stub: null },
      { action: "requests.delete", stub: null },
      { action: "imposter.delete", stub: null },
      { action: "token.create", stub: null },
    ]);
    const asOld = { vars: { API_KEY: "platform" }, headers: { "x-api-key": "an-old-token" } };
    const logs = (await call("GET", "/logs", asOld)).json.logs as Array<{ message: string }>;
    expect(logs.slice(1).map((log) => log.message)).toEqual(
      [...words, ...more].map((action) => `[http:4545] ${action} by api-key`),
    );
  });
});
