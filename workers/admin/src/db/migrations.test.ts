import { applyD1Migrations, type D1Migration, reset } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { getTableConfig, type SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { call } from "../../test/client.ts";
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

/** A database as the previous release (migration 0000 alone) left it, with a row in every table. */
async function previousRelease(): Promise<void> {
  await reset();
  await applyD1Migrations(DB, TEST_MIGRATIONS.slice(0, 1));
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
});
