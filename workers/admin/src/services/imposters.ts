import {
  type AuditAction,
  type ImposterRecord,
  kvSnapshots,
  noSuchImposter,
  portFromId,
  portInUse,
  publishQuietly,
  withdrawSnapshot,
} from "@mockctl/contract";
import { type ImposterDraft, unwrap } from "@mockctl/core";
import type { AdminContext } from "../env.ts";
import { auditEntry, imposterScope } from "./audit.ts";
import { listPorts, noteStoredBytes, releasePort } from "./catalog.ts";
import { claim, claimWithRoom } from "./claims.ts";
import { imposterObject } from "./imposter-objects.ts";
import { ADMIN_PORT } from "./ports.ts";
import { assertRoomForImposter } from "./workspace-limits.ts";

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
 * and audit row are written to D1 in one batch. The two go at once: neither store reads the other, the
 * object has committed already, and an admin change's time is mostly these round trips
 * (infra/bench/ADMIN-CHANGES.md).
 */
export async function changed(
  admin: AdminContext,
  record: ImposterRecord,
  action: AuditAction,
  stub?: number,
) {
  const { db, env, principal } = admin;
  await Promise.all([
    kvSnapshots(env) && publishQuietly(env.SNAPSHOTS, principal.workspaceId, record),
    db.batch([
      noteStoredBytes(db, principal.workspaceId, record),
      auditEntry(db, principal, action, imposterScope(record.imposter), stub),
    ]),
  ]);
}

async function store(admin: AdminContext, draft: ImposterDraft, port: number): Promise<ImposterRecord> {
  let record: ImposterRecord | null;
  try {
    record = await objectFor(admin, port).create({ ...draft, port });
  } catch (error) {
    await releasePort(admin.db, admin.principal.workspaceId, port);
    throw error;
  }
  // Another create of this port stored its imposter first: this one found that create's claim with no
  // object yet and took it over (claims.ts). The port, and its claim, are the other's.
  if (record === null) throw portInUse(port);
  await changed(admin, record, "imposter.create");
  return record;
}

/** PUT /imposters (whose whole set was checked against the limits): claimed, then stored. */
export async function createImposter(admin: AdminContext, draft: ImposterDraft): Promise<ImposterRecord> {
  return store(admin, draft, await claim(admin, draft));
}

/** POST /imposters: within the workspace's limits, then created. */
export async function addImposter(admin: AdminContext, draft: ImposterDraft): Promise<ImposterRecord> {
  const { port } = draft;
  if (port !== undefined && port !== ADMIN_PORT)
    return store(admin, draft, await claimWithRoom(admin, { ...draft, port }));
  await assertRoomForImposter(admin, draft);
  return createImposter(admin, draft);
}

/**
 * The object first (the authority: once it has gone, the imposter is gone), then the catalog row and the
 * audit row in one batch, beside the snapshot pointer's withdrawal. A delete interrupted after the object
 * leaves a claim without an object, which listings skip and the next create of the port takes over.
 */
export async function deleteImposter(admin: AdminContext, port: number): Promise<ImposterRecord | null> {
  const { db, principal } = admin;
  const record = await objectFor(admin, port).remove();
  if (record === null) {
    await releasePort(db, principal.workspaceId, port);
    return null;
  }
  await Promise.all([
    db.batch([
      releasePort(db, principal.workspaceId, port),
      auditEntry(db, principal, "imposter.delete", imposterScope(record.imposter)),
    ]),
    kvSnapshots(admin.env) && withdrawSnapshot(admin.env.SNAPSHOTS, principal.workspaceId, port),
  ]);
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
