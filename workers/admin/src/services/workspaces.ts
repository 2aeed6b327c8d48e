import type { CreatedToken, CreateWorkspace, WorkspaceView } from "@mockctl/contract";
import { MbFailure } from "@mockctl/core";
import { eq } from "drizzle-orm";
import { type ApiToken, type Workspace, workspaces } from "../db/schema.ts";
import type { AdminContext, Db, Principal } from "../env.ts";
import { audit, auditEntry } from "./audit.ts";
import { created, insertToken, tokenDraft } from "./tokens.ts";
import { workspaceLimits } from "./workspace-limits.ts";

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
  return injectionAllowed(admin.env, workspace);
}

const injectionAllowed = (env: Env, workspace: Workspace): boolean =>
  env.ALLOW_INJECTION === "true" || workspace.allowInjection;

/**
 * Where a Mountebank client with one of the workspace's tokens points: the platform origin for the default
 * workspace (today's URLs), `<origin>/w/<id>` for the others, whose links and hosted URLs carry the same
 * prefix. The bare origin works too, since a token names its workspace.
 */
export function workspaceView(workspace: Workspace, env: Env, origin: string): WorkspaceView {
  return {
    id: workspace.id,
    name: workspace.name,
    allowInjection: workspace.allowInjection,
    createdAt: workspace.createdAt.toISOString(),
    adminUrl: workspace.id === env.WORKSPACE ? origin : `${origin}/w/${workspace.id}`,
    injectionAllowed: injectionAllowed(env, workspace),
    limits: workspaceLimits(env),
  };
}

const conflict = (id: string) =>
  new MbFailure({ code: "resource conflict", message: `Workspace ${id} already exists` });

const exists = async (db: Db, id: string) =>
  (await db.query.workspaces.findFirst({ where: eq(workspaces.id, id) })) !== undefined;

/**
 * The operator's verb: a new workspace and its first admin token, whose secret is shown this once, with
 * their audit rows (in the new workspace's log, so its admins see who made it), in one D1 batch: all or
 * nothing. Two creators racing for one id: the second batch fails on the primary key, and is a conflict.
 */
export async function createWorkspace(
  db: Db,
  operator: Principal,
  request: CreateWorkspace,
): Promise<{ workspace: Workspace; token: CreatedToken }> {
  if (await exists(db, request.id)) throw conflict(request.id);
  const values = { id: request.id, name: request.name ?? request.id, allowInjection: request.allowInjection };
  const draft = await tokenDraft(request.id, { name: "admin", scope: "admin" }, operator.actor);
  const actor = { ...operator, workspaceId: request.id };
  let stored: [Workspace[], ApiToken[], ...unknown[]];
  try {
    stored = await db.batch([
      db.insert(workspaces).values(values).returning(),
      insertToken(db, draft.row),
      auditEntry(db, actor, "workspace.create", `workspace:${request.id}`),
      auditEntry(db, actor, "token.create", `token:${draft.row.id}`),
    ]);
  } catch (error) {
    if (await exists(db, request.id)) throw conflict(request.id);
    throw error;
  }
  const [[workspace], tokens] = stored;
  if (workspace === undefined) throw new Error(`workspace ${request.id} insert returned no row`);
  return { workspace, token: created(tokens, draft.secret) };
}

/** PATCH /platform/workspace: only the settings the contract lists (allowInjection). */
export async function updateWorkspace(admin: AdminContext, patch: { allowInjection?: boolean | undefined }) {
  const current = await loadWorkspace(admin);
  const [updated] = await admin.db
    .update(workspaces)
    .set({ allowInjection: patch.allowInjection ?? current.allowInjection })
    .where(eq(workspaces.id, current.id))
    .returning();
  if (updated === undefined) throw new Error(`workspace ${current.id} vanished`);
  await audit(admin.db, admin.principal, "workspace.update", `workspace:${current.id}`);
  return updated;
}
