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
    /**
     * The secret's first characters (`mck_xxxxxxxx`), safe to show. Empty for tokens made before 0001,
     * which were set by hand and had no format.
     */
    prefix: text("prefix").notNull().default(""),
    /**
     * read < write < admin (@mockctl/contract scopeAllows). Tokens made before 0001 had no scope and opened
     * their whole workspace, so the column's default keeps them `admin`.
     */
    scope: text("scope", { enum: ["read", "write", "admin"] })
      .notNull()
      .default("admin"),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    /** Written at most once a minute per token (services/auth.ts), so a read costs no write. */
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
    /** The audit actor that made it: `api-key`, `anonymous` or `token:<name>`; `platform` before 0001. */
    createdBy: text("created_by").notNull().default("platform"),
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
    /**
     * The bytes its definition takes as stored (UTF-8 JSON), written with every admin change
     * (services/catalog.ts `noteStoredBytes`), so a workspace's MAX_STORED_BYTES check is one query. Null
     * means "ask the object": an imposter with a recording proxy, whose object grows the definition by
     * itself; and at `bytesVersion` 0 a create not yet done or a row from before 0002, whose first count
     * writes it (services/workspace-limits.ts).
     */
    storedBytes: integer("stored_bytes"),
    /** The object's version `storedBytes` was taken at: versions only grow, so a late older write loses. */
    bytesVersion: integer("bytes_version").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.port] })],
);

export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: text("workspace_id").notNull(),
    actor: text("actor").notNull(),
    /** @mockctl/contract `auditActionSchema`; 0003 rewrote the older words of imposter changes to them. */
    action: text("action").notNull(),
    target: text("target").notNull(),
    /** The stub's index, for a change of one stub (`stub.add`, `stub.replace`, `stub.delete`). */
    stub: integer("stub"),
    at: integer("at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [index("audit_log_workspace_idx").on(t.workspaceId, t.id)],
);

export type Workspace = typeof workspaces.$inferSelect;
export type CatalogEntry = typeof imposters.$inferSelect;
export type AuditEntry = typeof auditLog.$inferSelect;
export type ApiToken = typeof apiTokens.$inferSelect;
