import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Unix milliseconds, filled by SQLite so every writer agrees on the clock. */
const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`);

/** A tenant. Injection is off unless the workspace allows it (DESIGN.md, "User code"). */
export const workspaces = sqliteTable("workspaces", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  allowInjection: integer("allow_injection", { mode: "boolean" }).notNull().default(false),
  createdAt: createdAt(),
});

/** Only a SHA-256 of each token is kept, so a leaked database cannot be replayed as credentials. */
export const apiTokens = sqliteTable(
  "api_tokens",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [index("api_tokens_workspace_idx").on(t.workspaceId)],
);

/**
 * The catalog that lists a workspace's imposters; each imposter's Durable Object stays authoritative for its
 * definition. The primary key is what makes a duplicate port a conflict.
 */
export const imposters = sqliteTable(
  "imposters",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    port: integer("port").notNull(),
    protocol: text("protocol").notNull(),
    name: text("name"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.port] })],
);

export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: text("workspace_id").notNull(),
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    target: text("target").notNull(),
    at: integer("at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [index("audit_log_workspace_idx").on(t.workspaceId, t.id)],
);

export type Workspace = typeof workspaces.$inferSelect;
export type CatalogEntry = typeof imposters.$inferSelect;
export type AuditEntry = typeof auditLog.$inferSelect;
