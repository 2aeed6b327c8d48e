import type { ImposterRecord } from "@mockctl/contract";
import {
  definitionBytes,
  type ImposterDraft,
  imposterCountError,
  type MbError,
  MbFailure,
  parseWorkspaceLimits,
  type Stub,
  storedBytesError,
  type WorkspaceLimits,
} from "@mockctl/core";
import type { AdminContext } from "../env.ts";
import { listPorts } from "./catalog.ts";
import { imposterObject } from "./imposter-objects.ts";

/**
 * The workspace's limits, checked before anything changes: a refusal is 413 `limit exceeded` and leaves
 * every imposter as it was. Counted from the catalog (one D1 query) and the objects' stored sizes (one
 * RPC per imposter of the workspace, in parallel). Two changes racing in one workspace may both pass and
 * overshoot by what they add; no change is ever half made.
 */
export function workspaceLimits(env: Env): WorkspaceLimits {
  return parseWorkspaceLimits({ maxImposters: env.MAX_IMPOSTERS, maxStoredBytes: env.MAX_STORED_BYTES });
}

function refuse(error: MbError | undefined): void {
  if (error !== undefined) throw new MbFailure(error);
}

/** The bytes every imposter of the workspace but `except` takes as stored. */
async function storedBytesBut(admin: AdminContext, ports: number[], except?: number): Promise<number> {
  const others = ports.filter((port) => port !== except);
  const sizes = await Promise.all(
    others.map((port) => imposterObject(admin.env, admin.principal.workspaceId, port).storedBytes()),
  );
  return sizes.reduce((sum, bytes) => sum + bytes, 0);
}

/** POST /imposters: one more imposter, and its bytes (a port already taken is refused later, as in mb). */
export async function assertRoomForImposter(admin: AdminContext, draft: ImposterDraft): Promise<void> {
  const limits = workspaceLimits(admin.env);
  const ports = await listPorts(admin.db, admin.principal.workspaceId);
  refuse(imposterCountError(ports.length + 1, limits));
  refuse(storedBytesError((await storedBytesBut(admin, ports)) + definitionBytes(draft), limits));
}

/** PUT /imposters replaces them all: the new set alone must fit. */
export function assertRoomForAll(admin: AdminContext, drafts: ImposterDraft[]): void {
  const limits = workspaceLimits(admin.env);
  refuse(imposterCountError(drafts.length, limits));
  refuse(
    storedBytesError(
      drafts.reduce((sum, draft) => sum + definitionBytes(draft), 0),
      limits,
    ),
  );
}

/** A change of one imposter's stubs: the others as stored plus this one with `stubs`. */
export async function assertRoomForStubs(admin: AdminContext, record: ImposterRecord, stubs: Stub[]) {
  const limits = workspaceLimits(admin.env);
  const ports = await listPorts(admin.db, admin.principal.workspaceId);
  const others = await storedBytesBut(admin, ports, record.imposter.port);
  refuse(storedBytesError(others + definitionBytes({ ...record.imposter, stubs }), limits));
}
