import {
  type AuditAction,
  type ImposterRecord,
  noSuchImposter,
  portFromId,
  portInUse,
  publishQuietly,
  withdrawSnapshot,
} from "@mockctl/contract";
import { type ImposterDraft, MbFailure, unwrap } from "@mockctl/core";
import type { AdminContext } from "../env.ts";
import { audit, auditEntry, imposterScope } from "./audit.ts";
import { claimPort, listPorts, noteStoredBytes, releasePort, setEntry } from "./catalog.ts";
import { imposterObject } from "./imposter-objects.ts";
import { ADMIN_PORT, randomPort } from "./ports.ts";
import { assertRoomForImposter } from "./workspace-limits.ts";
import { loadWorkspace } from "./workspaces.ts";

const objectFor = (admin: AdminContext, port: number) =>
  imposterObject(admin.env, admin.principal.workspaceId, port);

/** Mountebank's validateImposterExists: 404 `no such resource` for any route under an unknown imposter. */
export async function requireImposter(admin: AdminContext, id: string): Promise<ImposterRecord> {
  const port = portFromId(id);
  const record = port === null ? null : await objectFor(admin, port).read();
  if (record === null) throw noSuchImposter();
  return record;
}

/**
 * Every change is published for the edge Worker, and its stored size (the workspace's MAX_STORED_BYTES)
 * and audit row are written to D1 in one batch.
 */
export async function changed(
  admin: AdminContext,
  record: ImposterRecord,
  action: AuditAction,
  stub?: number,
) {
  const { db, principal } = admin;
  await publishQuietly(admin.env.SNAPSHOTS, principal.workspaceId, record);
  await db.batch([
    noteStoredBytes(db, principal.workspaceId, record),
    auditEntry(db, principal, action, imposterScope(record.imposter), stub),
  ]);
}

async function claim(admin: AdminContext, draft: ImposterDraft): Promise<number> {
  // The catalog row references its workspace, which must exist first.
  const { id: workspaceId } = await loadWorkspace(admin);
  const entry = { protocol: draft.protocol, name: draft.name };
  if (draft.port === undefined) {
    // Collisions in ~28k ports are rare; a few tries make a spurious conflict practically impossible.
    for (let attempt = 0; attempt < 8; attempt++) {
      const port = randomPort();
      if (await claimPort(admin.db, workspaceId, { ...entry, port })) return port;
    }
    throw new MbFailure({ code: "resource conflict", message: "No free port found; try again" });
  }
  const port = draft.port;
  if (port === ADMIN_PORT) throw portInUse(port);
  if (await claimPort(admin.db, workspaceId, { ...entry, port })) return port;
  // A claim without an object is left by a create that died half-way: the object is authoritative.
  if ((await objectFor(admin, port).read()) !== null) throw portInUse(port);
  await setEntry(admin.db, workspaceId, { ...entry, port });
  return port;
}

export async function createImposter(admin: AdminContext, draft: ImposterDraft): Promise<ImposterRecord> {
  const port = await claim(admin, draft);
  let record: ImposterRecord;
  try {
    record = await objectFor(admin, port).put({ ...draft, port });
  } catch (error) {
    await releasePort(admin.db, admin.principal.workspaceId, port);
    throw error;
  }
  await changed(admin, record, "imposter.create");
  return record;
}

/** POST /imposters: within the workspace's limits, then created. */
export async function addImposter(admin: AdminContext, draft: ImposterDraft): Promise<ImposterRecord> {
  await assertRoomForImposter(admin, draft);
  return createImposter(admin, draft);
}

export async function deleteImposter(admin: AdminContext, port: number): Promise<ImposterRecord | null> {
  const record = await objectFor(admin, port).remove();
  await releasePort(admin.db, admin.principal.workspaceId, port);
  if (record === null) return null;
  await withdrawSnapshot(admin.env.SNAPSHOTS, admin.principal.workspaceId, port);
  await audit(admin.db, admin.principal, "imposter.delete", imposterScope(record.imposter));
  return record;
}

/**
 * In ascending port order; catalog entries whose object is gone are skipped. `summaries` leaves out the
 * stubs and journals (for the list form and metrics, which print neither).
 */
export async function listImposters(
  admin: AdminContext,
  { summaries = false }: { summaries?: boolean } = {},
): Promise<ImposterRecord[]> {
  const ports = await listPorts(admin.db, admin.principal.workspaceId);
  const records = await Promise.all(
    ports.map((port) => (summaries ? objectFor(admin, port).summary() : objectFor(admin, port).read())),
  );
  return records.filter((record) => record !== null);
}

export async function deleteAllImposters(admin: AdminContext): Promise<ImposterRecord[]> {
  const ports = await listPorts(admin.db, admin.principal.workspaceId);
  const records = await Promise.all(ports.map((port) => deleteImposter(admin, port)));
  return records.filter((record) => record !== null);
}

/** Checked before PUT /imposters deletes anything, so a refused port leaves the old imposters in place. */
export function assertNotReserved(drafts: ImposterDraft[]): void {
  if (drafts.some((draft) => draft.port === ADMIN_PORT)) throw portInUse(ADMIN_PORT);
}

/** Removes recorded proxy responses (DELETE .../savedProxyResponses and its deprecated alias .../requests). */
export async function deleteSavedProxyResponses(admin: AdminContext, record: ImposterRecord) {
  const updated = unwrap(await objectFor(admin, record.imposter.port).deleteSavedProxyResponses());
  await changed(admin, updated, "proxy-responses.delete");
  return updated;
}

export async function deleteSavedRequests(admin: AdminContext, record: ImposterRecord) {
  const updated = unwrap(await objectFor(admin, record.imposter.port).resetRequests());
  await changed(admin, updated, "requests.delete");
  return updated;
}
