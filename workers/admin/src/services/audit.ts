import { asc, desc, eq } from "drizzle-orm";
import { type AuditEntry, auditLog } from "../db/schema.ts";
import type { Db, Principal } from "../env.ts";

export async function audit(db: Db, principal: Principal, action: string, target: string): Promise<void> {
  await db
    .insert(auditLog)
    .values({ workspaceId: principal.workspaceId, actor: principal.actor, action, target });
}

/** The most recent entries, oldest first; the cap keeps GET /logs bounded on a long-lived workspace. */
export async function recentAudit(db: Db, workspaceId: string, limit = 1000): Promise<AuditEntry[]> {
  const latest = db
    .select()
    .from(auditLog)
    .where(eq(auditLog.workspaceId, workspaceId))
    .orderBy(desc(auditLog.id))
    .limit(limit)
    .as("latest");
  return db.select().from(latest).orderBy(asc(latest.id));
}

/** Mountebank's log scope for an imposter, e.g. `http:4545 orders`. */
export function imposterScope(imposter: { protocol: string; port: number; name?: string | undefined }) {
  return imposter.name
    ? `${imposter.protocol}:${imposter.port} ${imposter.name}`
    : `${imposter.protocol}:${imposter.port}`;
}
