import type { ImposterRecord } from "@mockctl/contract";
import { isRecordingStub } from "@mockctl/core";
import { and, asc, eq, isNull, lt, ne, type SQL, sql } from "drizzle-orm";
import { imposters } from "../db/schema.ts";
import type { Db } from "../env.ts";

export interface CatalogImposter {
  port: number;
  protocol: string;
  name?: string | undefined;
}

/** The insert that claims a port, for a batch: one row back when it took the port, none when it was held. */
export const claimQuery = (db: Db, workspaceId: string, imposter: CatalogImposter) =>
  db
    .insert(imposters)
    .values({ workspaceId, port: imposter.port, protocol: imposter.protocol, name: imposter.name ?? null })
    .onConflictDoNothing()
    .returning({ port: imposters.port });

/** Claims the port for the workspace; false when another imposter already holds it. */
export async function claimPort(db: Db, workspaceId: string, imposter: CatalogImposter): Promise<boolean> {
  return (await claimQuery(db, workspaceId, imposter)).length === 1;
}

/** Gives the port back: awaited alone, or in a batch with the audit row of the delete. */
export const releasePort = (db: Db, workspaceId: string, port: number) =>
  db.delete(imposters).where(and(eq(imposters.workspaceId, workspaceId), eq(imposters.port, port)));

/** Every port of the workspace with its protocol, ascending. */
export async function listProtocols(
  db: Db,
  workspaceId: string,
): Promise<Array<{ port: number; protocol: string }>> {
  return db
    .select({ port: imposters.port, protocol: imposters.protocol })
    .from(imposters)
    .where(eq(imposters.workspaceId, workspaceId))
    .orderBy(asc(imposters.port));
}

/** Ascending ports: Mountebank keeps imposters in an object keyed by port, which orders them so. */
export async function listPorts(db: Db, workspaceId: string): Promise<number[]> {
  return (await listProtocols(db, workspaceId)).map((row) => row.port);
}

/** Rewrites an entry in place, for a port whose earlier claim was never completed. */
export async function setEntry(db: Db, workspaceId: string, imposter: CatalogImposter): Promise<void> {
  const values = {
    protocol: imposter.protocol,
    name: imposter.name ?? null,
    storedBytes: null,
    bytesVersion: 0,
  };
  await db
    .insert(imposters)
    .values({ workspaceId, port: imposter.port, ...values })
    .onConflictDoUpdate({ target: [imposters.workspaceId, imposters.port], set: values });
}

/**
 * The catalog's bytes for an imposter after a change: the size its object counted as it stored the
 * definition (the record's `storedBytes`), not a second serialization here. Null (ask the object) when a
 * stub records proxy responses, which grow the definition with no admin call to see it, or when the record
 * does not say. Only a newer version than the one written replaces it, so two changes whose writes arrive
 * out of order leave the later size. An update, for a batch with the audit row of the change.
 */
export function noteStoredBytes(db: Db, workspaceId: string, record: ImposterRecord) {
  const { imposter, version } = record;
  const storedBytes = imposter.stubs.some(isRecordingStub) ? null : (record.storedBytes ?? null);
  const row = and(eq(imposters.workspaceId, workspaceId), eq(imposters.port, imposter.port));
  return db
    .update(imposters)
    .set({ storedBytes, bytesVersion: version })
    .where(and(row, lt(imposters.bytesVersion, version)));
}

export interface WorkspaceUsage {
  imposters: number;
  /** The bytes the catalog knows. */
  knownBytes: number;
  /** The ports whose bytes only their object knows (null in the catalog): recording proxies. */
  unknownPorts: number[];
  /**
   * The ports whose bytes were never written (null at version 0): rows from before migration 0002 that no
   * change has touched since, and creates not yet done. Their first count writes them (`noteStoredBytes`).
   */
  unmeasuredPorts: number[];
}

/** The ports of the rows `where` picks, joined by SQLite as "1,2,3" (null when none). */
const portsWhere = (where: SQL) =>
  sql<string | null>`group_concat(case when ${where} then ${imposters.port} end)`;
const portList = (joined: string | null | undefined) => (joined ? joined.split(",").map(Number) : []);

/** What the workspace's imposters (all but `except`) hold, in one query; for a batch, read by `usageOf`. */
export function usageQuery(db: Db, workspaceId: string, except?: number) {
  const mine = eq(imposters.workspaceId, workspaceId);
  const unknown = isNull(imposters.storedBytes);
  return db
    .select({
      imposters: sql<number>`count(*)`,
      knownBytes: sql<number>`coalesce(sum(${imposters.storedBytes}), 0)`,
      unknown: portsWhere(sql`${unknown} and ${imposters.bytesVersion} > 0`),
      unmeasured: portsWhere(sql`${unknown} and ${imposters.bytesVersion} = 0`),
    })
    .from(imposters)
    .where(except === undefined ? mine : and(mine, ne(imposters.port, except)));
}

type UsageRow = Awaited<ReturnType<typeof usageQuery>>[number];

export function usageOf([row]: UsageRow[]): WorkspaceUsage {
  return {
    imposters: row?.imposters ?? 0,
    knownBytes: row?.knownBytes ?? 0,
    unknownPorts: portList(row?.unknown),
    unmeasuredPorts: portList(row?.unmeasured),
  };
}

export async function workspaceUsage(db: Db, workspaceId: string, except?: number): Promise<WorkspaceUsage> {
  return usageOf(await usageQuery(db, workspaceId, except));
}
