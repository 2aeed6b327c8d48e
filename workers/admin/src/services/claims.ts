import { portInUse } from "@mockctl/contract";
import { type ImposterDraft, MbFailure } from "@mockctl/core";
import type { AdminContext } from "../env.ts";
import { claimPort, claimQuery, releasePort, setEntry, usageOf, usageQuery } from "./catalog.ts";
import { imposterObject } from "./imposter-objects.ts";
import { ADMIN_PORT, randomPort } from "./ports.ts";
import { assertRoomBeside } from "./workspace-limits.ts";
import { loadWorkspace } from "./workspaces.ts";

/**
 * The port of a new imposter, claimed in the D1 catalog before its object stores it, so two creates of one
 * port cannot both win; the object stays the authority on whether an imposter exists.
 */
export async function claim(admin: AdminContext, draft: ImposterDraft): Promise<number> {
  const { workspaceId } = admin.principal;
  const entry = { protocol: draft.protocol, name: draft.name };
  const claimAt = (port: number) =>
    inWorkspace(admin, () => claimPort(admin.db, workspaceId, { ...entry, port }));
  if (draft.port === undefined) {
    // Collisions in ~28k ports are rare; a few tries make a spurious conflict practically impossible.
    for (let attempt = 0; attempt < 8; attempt++) {
      const port = randomPort();
      if (await claimAt(port)) return port;
    }
    throw new MbFailure({ code: "resource conflict", message: "No free port found; try again" });
  }
  const port = draft.port;
  if (port === ADMIN_PORT) throw portInUse(port);
  if (await claimAt(port)) return port;
  return takeOver(admin, draft, port);
}

/**
 * A port whose claim is held: by a create that died half-way when it has no object (which is authoritative).
 * A create still under way may store its imposter after this read; the object's `create` keeps whichever
 * comes first, and the other answers that the port is in use (imposters.ts).
 */
async function takeOver(admin: AdminContext, draft: ImposterDraft, port: number): Promise<number> {
  if ((await imposterObject(admin.env, admin.principal.workspaceId, port).read()) !== null)
    throw portInUse(port);
  await setEntry(admin.db, admin.principal.workspaceId, { protocol: draft.protocol, name: draft.name, port });
  return port;
}

/**
 * POST /imposters with a port: the workspace's usage and the port's claim in one D1 batch (one round trip
 * where there were two). The usage is read before the claim, so it counts what was there; a create the
 * limits refuse gives the claim back, and one interrupted before that leaves a claim without an object,
 * which the next create of the port takes over as it would after any create that died half-way.
 */
export async function claimWithRoom(
  admin: AdminContext,
  draft: ImposterDraft & { port: number },
): Promise<number> {
  const { db } = admin;
  const { workspaceId } = admin.principal;
  const entry = { protocol: draft.protocol, name: draft.name, port: draft.port };
  const [usage, claimed] = await inWorkspace(admin, () =>
    db.batch([usageQuery(db, workspaceId), claimQuery(db, workspaceId, entry)]),
  );
  const mine = claimed.length === 1;
  try {
    await assertRoomBeside(admin, usageOf(usage), draft);
  } catch (error) {
    if (mine) await releasePort(db, workspaceId, draft.port);
    throw error;
  }
  return mine ? draft.port : takeOver(admin, draft, draft.port);
}

/** D1's words, somewhere in the chain of causes drizzle wraps them in. */
function refusedByForeignKey(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause.message.includes("FOREIGN KEY constraint failed")) return true;
  }
  return false;
}

/**
 * A claim run as if its workspace's row existed, which it does but before the default workspace's first
 * imposter: then the catalog's foreign key refuses the claim (the whole batch), the row is made, and the
 * claim runs again. One D1 read less for every other create.
 */
async function inWorkspace<T>(admin: AdminContext, claimIt: () => Promise<T>): Promise<T> {
  try {
    return await claimIt();
  } catch (error) {
    if (!refusedByForeignKey(error)) throw error;
    await loadWorkspace(admin);
    return claimIt();
  }
}
