import { z } from "zod";
import { isWorkspaceId, WORKSPACE_ID_MAX } from "./naming.ts";

/**
 * The platform's own API, beside Mountebank's: workspaces, tokens and the audit log. Fixed here before the
 * routes exist because the admin Worker serves it and the CLI and the dashboard call it; each validates
 * with these schemas and takes its types from them. Errors use Mountebank's envelope like every other
 * admin route (`renderErrors`). Paths are under `/platform` so they can never meet a Mountebank route.
 */
export const PLATFORM_PATHS = {
  /** POST (a platform operator: the platform key): create a workspace and its first admin token. */
  workspaces: "/platform/workspaces",
  /** GET (read) the caller's workspace and its settings; PATCH (admin) change its settings. */
  workspace: "/platform/workspace",
  /** GET (admin) list the workspace's tokens, never a secret; POST (admin) create one. */
  tokens: "/platform/tokens",
  /** DELETE (admin) revoke a token: refused on the next request, everywhere. */
  token: (id: string) => `/platform/tokens/${encodeURIComponent(id)}`,
  /** GET (admin) the workspace's audit log, newest first, paged with `?limit=&before=<id>`. */
  audit: "/platform/audit",
  /**
   * GET (read) list the workspace's uploaded lookup CSVs, without their contents; PUT (write) upload one,
   * `{path, content}`, replacing any of that path. A lookup whose `csv.path` is the same string reads it.
   */
  dataSources: "/platform/data-sources",
  /** GET (read) one uploaded CSV with its content; DELETE (write) remove it. */
  dataSource: (path: string) => `/platform/data-source?path=${encodeURIComponent(path)}`,
} as const;

/** Each scope includes the ones before it: `write` can read, `admin` can write. */
export const scopeSchema = z.enum(["read", "write", "admin"]);
export type Scope = z.infer<typeof scopeSchema>;

const SCOPE_RANK: Readonly<Record<Scope, number>> = { read: 0, write: 1, admin: 2 };
export const scopeAllows = (held: Scope, needed: Scope): boolean => SCOPE_RANK[held] >= SCOPE_RANK[needed];

export { WORKSPACE_ID_MAX };

/** A workspace id: naming.ts `isWorkspaceId`, the one rule the edge also reads addresses with. */
export const workspaceIdSchema = z
  .string()
  .refine(isWorkspaceId, `lowercase letters, digits and inner hyphens, 1-${WORKSPACE_ID_MAX}`);

export const workspaceSettingsSchema = z.object({
  /** Mountebank's --allowInjection, for this workspace only. */
  allowInjection: z.boolean(),
});

export const workspaceSchema = workspaceSettingsSchema.extend({
  id: workspaceIdSchema,
  name: z.string().min(1).max(100),
  createdAt: z.iso.datetime(),
  /** The workspace's admin base URL: a Mountebank client with one of its tokens points here. */
  adminUrl: z.url(),
  /**
   * Whether inject/decorate are accepted here: this workspace's setting, or the whole platform's (mb's
   * --allowInjection at start). Absent from platforms older than 2026-11-28.
   */
  injectionAllowed: z.boolean().optional(),
  /**
   * What the workspace may hold (the admin Worker's MAX_IMPOSTERS and MAX_STORED_BYTES), so a client can
   * tell before it sends that a change would be refused with 413. Absent from platforms older than 2026-11-29.
   */
  limits: z
    .object({ maxImposters: z.number().int().positive(), maxStoredBytes: z.number().int().positive() })
    .optional(),
});
export type WorkspaceView = z.infer<typeof workspaceSchema>;

/** Who asked, as GET /platform/workspace answers it: a client (the dashboard) offers only what it may do. */
export const callerSchema = z.object({
  /** As the audit log names it: `token:<name>`, `api-key` (the platform key) or `anonymous` (no key set). */
  actor: z.string(),
  scope: scopeSchema,
});
export const workspaceWithCallerSchema = workspaceSchema.extend({ caller: callerSchema });
export type WorkspaceWithCaller = z.infer<typeof workspaceWithCallerSchema>;

export const createWorkspaceSchema = z.object({
  id: workspaceIdSchema,
  name: z.string().min(1).max(100).optional(),
  allowInjection: z.boolean().optional(),
});
export type CreateWorkspace = z.infer<typeof createWorkspaceSchema>;

export const updateWorkspaceSchema = workspaceSettingsSchema.partial();

export const tokenSchema = z.object({
  id: z.string(),
  name: z.string().min(1).max(100),
  /** The first characters of the secret, safe to show, so a person can tell tokens apart. */
  prefix: z.string(),
  scope: scopeSchema,
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime().nullable(),
  revokedAt: z.iso.datetime().nullable(),
  lastUsedAt: z.iso.datetime().nullable(),
  /** Who created it: an audit actor such as `token:<name>` or `platform`. */
  createdBy: z.string(),
});
export type TokenView = z.infer<typeof tokenSchema>;

export const createTokenSchema = z.object({
  name: z.string().min(1).max(100),
  scope: scopeSchema,
  expiresAt: z.iso.datetime().optional(),
});
export type CreateToken = z.infer<typeof createTokenSchema>;

/** The only answer that ever carries a token's secret. */
export const createdTokenSchema = tokenSchema.extend({ secret: z.string() });
export type CreatedToken = z.infer<typeof createdTokenSchema>;

export const createdWorkspaceSchema = z.object({ workspace: workspaceSchema, token: createdTokenSchema });
export const tokenListSchema = z.object({ tokens: z.array(tokenSchema) });

/**
 * Every action the audit log records, as `<thing>.<verb>`: the platform's own and each change of an
 * imposter. Rows written before migration 0003 in the older words (`created`, `stub added at 0`) were
 * rewritten to these.
 */
export const auditActionSchema = z.enum([
  "workspace.create",
  "workspace.update",
  "token.create",
  "token.revoke",
  "data-source.put",
  "data-source.delete",
  "imposter.create",
  "imposter.delete",
  "stub.add",
  "stub.replace",
  "stub.delete",
  "stubs.replace",
  "proxy-responses.delete",
  "requests.delete",
]);
export type AuditAction = z.infer<typeof auditActionSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** `anonymous`, `api-key`, `platform` or `token:<name>`. */
  actor: z.string(),
  action: auditActionSchema,
  /**
   * What it was done to: `workspace:<id>`, `token:<id>`, `data-source:<path>`, or for an imposter its
   * Mountebank log scope, `<protocol>:<port>` and its name if it has one (`http:4545 orders`).
   */
  target: z.string(),
  /** The stub's index, for `stub.add`, `stub.replace` and `stub.delete`. */
  stub: z.number().int().optional(),
  at: z.iso.datetime(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  before: z.coerce.number().int().positive().optional(),
});
export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** The `before` for the next (older) page; absent on the last page. */
  next: z.number().int().optional(),
});

/** A lookup's `csv.path`, exactly as the lookup names it (no normalization: mb passes it to the disk as is). */
export const dataSourcePathSchema = z.string().min(1).max(1024);

/** An upload: the path lookups name, and the CSV text (at most MAX_DATA_SOURCE_BYTES of UTF-8). */
export const putDataSourceSchema = z.object({ path: dataSourcePathSchema, content: z.string() });
export type PutDataSource = z.infer<typeof putDataSourceSchema>;

export const dataSourceSchema = z.object({
  path: dataSourcePathSchema,
  /** The content's size in UTF-8 bytes. */
  size: z.number().int().nonnegative(),
  uploadedAt: z.iso.datetime(),
});
export type DataSourceView = z.infer<typeof dataSourceSchema>;

export const dataSourceWithContentSchema = dataSourceSchema.extend({ content: z.string() });
export const dataSourceListSchema = z.object({ dataSources: z.array(dataSourceSchema) });
