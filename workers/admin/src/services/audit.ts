import type { AuditAction, AuditEntryView } from "@mockctl/contract";
import { and, asc, desc, eq, lt } from "drizzle-orm";
import { type AuditEntry, auditLog } from "../db/schema.ts";
import type { Db, Principal } from "../env.ts";

/** The insert of one audit row, for a batch with the change it records; `stub` for a one-stub change. */
export const auditEntry = (
  db: Db,
  principal: Principal,
  action: AuditAction,
  target: string,
  stub?: number,
) =>
  db.insert(auditLog).values({
    workspaceId: principal.workspaceId,
    actor: principal.actor,
    action,
    target,
    stub: stub ?? null,
  });

export async function audit(
  db: Db,
  principal: Principal,
  action: AuditAction,
  target: string,
): Promise<void> {
  await auditEntry(db, principal, action, target);
}

/**
 * GET /logs words an imposter's change as it did before the actions were named (`created`, `stub added at
 * 0`); the platform's own actions read as their names.
 */
export function logWords({ action, stub }: Pick<AuditEntry, "action" | "stub">): string {
  switch (action) {
    case "imposter.create":
      return "created";
    case "imposter.delete":
      return "deleted";
    case "stub.add":
      return `stub added at ${stub}`;
    case "stub.replace":
      return `stub ${stub} replaced`;
    case "stub.delete":
      return `stub ${stub} deleted`;
    case "stubs.replace":
      return "stubs replaced";
    case "proxy-responses.delete":
      return "saved proxy responses deleted";
    case "requests.delete":
      return "saved requests deleted";
    default:
      return action;
  }
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

/**
 * GET /platform/audit: newest first, `limit` entries with ids below `before`. One more is read to know
 * whether an older page exists; ids only grow (AUTOINCREMENT), so a page is stable while new rows arrive.
 */
export async function auditPage(
  db: Db,
  workspaceId: string,
  { limit, before }: { limit: number; before?: number | undefined },
): Promise<{ entries: AuditEntryView[]; next?: number }> {
  const mine = eq(auditLog.workspaceId, workspaceId);
  const rows = await db
    .select()
    .from(auditLog)
    .where(before === undefined ? mine : and(mine, lt(auditLog.id, before)))
    .orderBy(desc(auditLog.id))
    .limit(limit + 1);
  const entries = rows.slice(0, limit).map(({ id, actor, action, target, stub, at }) => ({
    id,
    actor,
    // Written only as AuditAction (auditEntry's type), and 0003 rewrote the rows from before.
    action: action as AuditAction,
    target,
    ...(stub === null ? {} : { stub }),
    at: at.toISOString(),
  }));
  const last = entries.at(-1);
  return rows.length > limit && last !== undefined ? { entries, next: last.id } : { entries };
}

/** Mountebank's log scope for an imposter, e.g. `http:4545 orders`. */
export function imposterScope(imposter: { protocol: string; port: number; name?: string | undefined }) {
  return imposter.name
    ? `${imposter.protocol}:${imposter.port} ${imposter.name}`
    : `${imposter.protocol}:${imposter.port}`;
}
