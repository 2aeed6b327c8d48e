import { and, asc, eq } from "drizzle-orm";
import { imposters } from "../db/schema.ts";
import type { Db } from "../env.ts";

export interface CatalogImposter {
  port: number;
  protocol: string;
  name?: string | undefined;
}

/** Claims the port for the workspace; false when another imposter already holds it. */
export async function claimPort(db: Db, workspaceId: string, imposter: CatalogImposter): Promise<boolean> {
  const rows = await db
    .insert(imposters)
    .values({ workspaceId, port: imposter.port, protocol: imposter.protocol, name: imposter.name ?? null })
    .onConflictDoNothing()
    .returning({ port: imposters.port });
  return rows.length === 1;
}

export async function releasePort(db: Db, workspaceId: string, port: number): Promise<void> {
  await db.delete(imposters).where(and(eq(imposters.workspaceId, workspaceId), eq(imposters.port, port)));
}

/** Ascending ports: Mountebank keeps imposters in an object keyed by port, which orders them so. */
export async function listPorts(db: Db, workspaceId: string): Promise<number[]> {
  const rows = await db
    .select({ port: imposters.port })
    .from(imposters)
    .where(eq(imposters.workspaceId, workspaceId))
    .orderBy(asc(imposters.port));
  return rows.map((row) => row.port);
}

/** Rewrites an entry in place, for a port whose earlier claim was never completed. */
export async function setEntry(db: Db, workspaceId: string, imposter: CatalogImposter): Promise<void> {
  const values = { protocol: imposter.protocol, name: imposter.name ?? null };
  await db
    .insert(imposters)
    .values({ workspaceId, port: imposter.port, ...values })
    .onConflictDoUpdate({ target: [imposters.workspaceId, imposters.port], set: values });
}
