import type { CreatedToken, CreateToken, TokenView } from "@mockctl/contract";
import { and, asc, eq, isNull, lt, or } from "drizzle-orm";
import { type ApiToken, apiTokens } from "../db/schema.ts";
import type { AdminContext, Db } from "../env.ts";
import { audit } from "./audit.ts";
import { newSecret } from "./auth.ts";

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

/** What the platform API shows of a token: never its hash, never its secret. */
export const tokenView = (token: ApiToken): TokenView => ({
  id: token.id,
  name: token.name,
  prefix: token.prefix,
  scope: token.scope,
  createdAt: token.createdAt.toISOString(),
  expiresAt: iso(token.expiresAt),
  revokedAt: iso(token.revokedAt),
  lastUsedAt: iso(token.lastUsedAt),
  createdBy: token.createdBy,
});

/** A token's row, not yet stored, and its secret, which goes in the answer and nowhere else. */
export async function tokenDraft(workspaceId: string, request: CreateToken, createdBy: string) {
  const { secret, prefix, hash } = await newSecret();
  const row: typeof apiTokens.$inferInsert = {
    id: crypto.randomUUID(),
    workspaceId,
    name: request.name,
    tokenHash: hash,
    prefix,
    scope: request.scope,
    expiresAt: request.expiresAt === undefined ? null : new Date(request.expiresAt),
    createdBy,
  };
  return { row, secret };
}

export const insertToken = (db: Db, row: typeof apiTokens.$inferInsert) =>
  db.insert(apiTokens).values(row).returning();

/** The stored row with the secret beside it: the one answer that carries it. */
export function created(rows: ApiToken[], secret: string): CreatedToken {
  const [row] = rows;
  if (row === undefined) throw new Error("token insert returned no row");
  return { ...tokenView(row), secret };
}

export async function createToken(admin: AdminContext, request: CreateToken): Promise<CreatedToken> {
  const { principal } = admin;
  const { row, secret } = await tokenDraft(principal.workspaceId, request, principal.actor);
  const token = created(await insertToken(admin.db, row), secret);
  await audit(admin.db, principal, "token.create", `token:${token.id}`);
  return token;
}

/** Oldest first, revoked and expired ones included, so "who used which and when" stays answerable. */
export async function listTokens(admin: AdminContext): Promise<TokenView[]> {
  const rows = await admin.db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.workspaceId, admin.principal.workspaceId))
    .orderBy(asc(apiTokens.createdAt), asc(apiTokens.id));
  return rows.map(tokenView);
}

/**
 * Marks the token revoked (kept for the audit trail); false when the workspace has no such token, so
 * another workspace's token id is a 404 like any unknown one. Revoking twice keeps the first time, and
 * the log its one entry: a second revoke changed nothing, and a second entry read as a later revocation.
 */
export async function revokeToken(admin: AdminContext, id: string): Promise<TokenView | null> {
  const mine = and(eq(apiTokens.id, id), eq(apiTokens.workspaceId, admin.principal.workspaceId));
  const revoked = await admin.db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(mine, isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  const row = await admin.db.query.apiTokens.findFirst({ where: mine });
  if (row === undefined) return null;
  if (revoked.length > 0) await audit(admin.db, admin.principal, "token.revoke", `token:${id}`);
  return tokenView(row);
}

/** last_used_at is written at most once a minute per token: most requests read it and write nothing. */
export const TOUCH_INTERVAL_MS = 60_000;

/** The write to do after this request, or null when the stored time is recent enough. */
export function touchToken(db: Db, token: ApiToken, now: number): Promise<unknown> | null {
  const last = token.lastUsedAt?.getTime() ?? 0;
  if (now - last < TOUCH_INTERVAL_MS) return null;
  const stale = or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, new Date(now - TOUCH_INTERVAL_MS)));
  return db
    .update(apiTokens)
    .set({ lastUsedAt: new Date(now) })
    .where(and(eq(apiTokens.id, token.id), stale))
    .run();
}
