import { eq } from "drizzle-orm";
import { type Workspace, workspaces } from "../db/schema.ts";
import type { AdminContext } from "../env.ts";

// One lookup per admin request, however many services ask.
const loaded = new WeakMap<AdminContext, Promise<Workspace>>();

async function findOrCreate(admin: AdminContext): Promise<Workspace> {
  const id = admin.principal.workspaceId;
  const found = await admin.db.query.workspaces.findFirst({ where: eq(workspaces.id, id) });
  if (found) return found;
  await admin.db.insert(workspaces).values({ id, name: id }).onConflictDoNothing();
  const created = await admin.db.query.workspaces.findFirst({ where: eq(workspaces.id, id) });
  if (!created) throw new Error(`workspace ${id} could not be created`);
  return created;
}

/**
 * The caller's workspace. The default one is created on first use, so a fresh local database needs no
 * seeding step; the catalog's foreign key needs the row before an imposter is claimed.
 */
export function loadWorkspace(admin: AdminContext): Promise<Workspace> {
  let workspace = loaded.get(admin);
  if (workspace === undefined) {
    workspace = findOrCreate(admin);
    loaded.set(admin, workspace);
  }
  return workspace;
}

/** Mountebank's --allowInjection for the whole platform, or the workspace's own setting. */
export async function allowsInjection(admin: AdminContext): Promise<boolean> {
  const workspace = await loadWorkspace(admin);
  return admin.env.ALLOW_INJECTION === "true" || workspace.allowInjection;
}
