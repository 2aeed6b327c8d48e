import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Miniflare } from "miniflare";
import { afterEach, describe, expect, it } from "vitest";
import { repositoryRoot } from "./layout.ts";
import { applyMigrations, migrationFiles } from "./migrations.ts";

const MIGRATIONS = join(repositoryRoot(), "migrations");

let mf: Miniflare | undefined;
const folders: string[] = [];

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), "mockctl-migrations-"));
  folders.push(dir);
  return dir;
}

afterEach(async () => {
  await mf?.dispose();
  mf = undefined;
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A Worker with one D1 database persisted in `persist`, as `npm start` keeps it in the data folder. */
function platformDb(persist: string): Miniflare {
  return new Miniflare({
    workers: [{ name: "admin", modules: true, script: "export default {}", d1Databases: { DB: "mockctl" } }],
    d1Persist: persist,
  });
}

describe("npm start's migrations", () => {
  it("bring a data folder of the previous release (0000 only, with rows) up to date, keeping the rows", async () => {
    const [first, ...rest] = migrationFiles(MIGRATIONS);
    expect(first).toBe("0000_platform.sql");
    expect(rest.length).toBeGreaterThan(0);
    const previous = folder();
    copyFileSync(join(MIGRATIONS, first ?? ""), join(previous, first ?? ""));
    mf = platformDb(folder());
    expect(await applyMigrations(mf, "admin", "DB", previous)).toEqual([first]);
    const db = await mf.getD1Database("DB", "admin");
    await db.batch([
      db.prepare("INSERT INTO workspaces (id, name) VALUES ('team', 'Team')"),
      db.prepare(
        "INSERT INTO api_tokens (id, workspace_id, name, token_hash) VALUES ('t', 'team', 'ci', 'h')",
      ),
    ]);
    expect(await applyMigrations(mf, "admin", "DB", MIGRATIONS)).toEqual(rest);
    expect(await db.prepare("SELECT id, scope, revoked_at FROM api_tokens").all()).toMatchObject({
      results: [{ id: "t", scope: "admin", revoked_at: null }],
    });
    // A second start applies nothing.
    expect(await applyMigrations(mf, "admin", "DB", MIGRATIONS)).toEqual([]);
  });
});
