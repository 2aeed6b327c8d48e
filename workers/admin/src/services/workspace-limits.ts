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
import { noteStoredBytes, type WorkspaceUsage, workspaceUsage } from "./catalog.ts";
import { imposterObject } from "./imposter-objects.ts";

/**
 * The workspace's limits, checked before anything changes: a refusal is 413 `limit exceeded` and leaves
 * every imposter as it was. Counted from the catalog in one D1 query: its rows and their stored bytes,
 * which every admin change writes (catalog.ts `noteStoredBytes`). Only an imposter whose bytes the catalog
 * cannot know (a recording proxy) is asked by RPC to its object each time; a row from before migration
 * 0002 is asked once, and its size written then.
 *
 * Two changes racing in one workspace each count what was there before either, so both may pass and
 * together overshoot by what they add, as before the bytes moved to the catalog; no change is ever half
 * made, and each imposter's row ends with the size of its latest version.
 */
export function workspaceLimits(env: Env): WorkspaceLimits {
  return parseWorkspaceLimits({ maxImposters: env.MAX_IMPOSTERS, maxStoredBytes: env.MAX_STORED_BYTES });
}

function refuse(error: MbError | undefined): void {
  if (error !== undefined) throw new MbFailure(error);
}

/**
 * An imposter whose bytes the catalog never had (from before migration 0002): read once, and its size
 * written as a change writes it, so later counts take it from the catalog (a recording proxy's stays null,
 * with the version, and is asked by `storedBytes` from then on). 0 when there is no imposter (yet).
 */
async function measured(admin: AdminContext, port: number): Promise<number> {
  const record = await imposterObject(admin.env, admin.principal.workspaceId, port).read();
  if (record === null) return 0;
  await noteStoredBytes(admin.db, admin.principal.workspaceId, record);
  return record.storedBytes ?? 0;
}

/** The bytes the usage covers: the catalog's sum, plus what the objects it does not know the size of hold. */
async function storedBytesOf(
  admin: AdminContext,
  { knownBytes, unknownPorts, unmeasuredPorts }: WorkspaceUsage,
) {
  const asked = await Promise.all([
    ...unknownPorts.map((port) => imposterObject(admin.env, admin.principal.workspaceId, port).storedBytes()),
    ...unmeasuredPorts.map((port) => measured(admin, port)),
  ]);
  return asked.reduce((sum, bytes) => sum + bytes, knownBytes);
}

/**
 * POST /imposters: one more imposter than `usage` counts, and its bytes (a port already taken is refused
 * later, as in mb). `usage` may come from the batch that claims the port (imposters.ts).
 */
export async function assertRoomBeside(admin: AdminContext, usage: WorkspaceUsage, draft: ImposterDraft) {
  const limits = workspaceLimits(admin.env);
  refuse(imposterCountError(usage.imposters + 1, limits));
  refuse(storedBytesError((await storedBytesOf(admin, usage)) + definitionBytes(draft), limits));
}

export async function assertRoomForImposter(admin: AdminContext, draft: ImposterDraft): Promise<void> {
  await assertRoomBeside(admin, await workspaceUsage(admin.db, admin.principal.workspaceId), draft);
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

/**
 * A change of one imposter's stubs: the others as stored plus this one with `stubs`. (Its own size is the
 * object's to check, in its queue: imposter-keeper.ts `change`.)
 */
export async function assertRoomForStubs(admin: AdminContext, record: ImposterRecord, stubs: Stub[]) {
  const limits = workspaceLimits(admin.env);
  const others = await workspaceUsage(admin.db, admin.principal.workspaceId, record.imposter.port);
  const bytes = await storedBytesOf(admin, others);
  refuse(storedBytesError(bytes + definitionBytes({ ...record.imposter, stubs }), limits));
}
