import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Miniflare } from "miniflare";
import { unstable_splitSqlQuery } from "wrangler";

/** wrangler's own bookkeeping table, so `wrangler d1 migrations list` reads the same history. */
const TABLE = "d1_migrations";

/** The `NNNN_name.sql` files of a migrations folder, in the order they apply. */
export function migrationFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith(".sql"))
    .sort();
}

/**
 * Applies the `NNNN_name.sql` files of `dir` not yet recorded in d1_migrations, in name order, each with
 * its bookkeeping row in one batch (D1 runs a batch as a transaction). Returns the names applied.
 */
export async function applyMigrations(
  mf: Miniflare,
  worker: string,
  binding: string,
  dir: string,
): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const db = await mf.getD1Database(binding, worker);
  await db
    .prepare(
      `CREATE TABLE IF NOT EXISTS ${TABLE} (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE,
       applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)`,
    )
    .run();
  const done = new Set(
    (await db.prepare(`SELECT name FROM ${TABLE}`).all<{ name: string }>()).results.map((r) => r.name),
  );
  const pending = migrationFiles(dir).filter((file) => !done.has(file));
  for (const file of pending) {
    const statements = unstable_splitSqlQuery(readFileSync(join(dir, file), "utf8")).map((sql) =>
      db.prepare(sql),
    );
    await db.batch([...statements, db.prepare(`INSERT INTO ${TABLE} (name) VALUES (?)`).bind(file)]);
  }
  return pending;
}
