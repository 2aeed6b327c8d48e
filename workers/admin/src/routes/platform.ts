import {
  type CreateWorkspace,
  createWorkspaceSchema,
  PLATFORM_PATHS,
  updateWorkspaceSchema,
} from "@mockctl/contract";
import { Hono } from "hono";
import type { AppEnv } from "../env.ts";
import { takes } from "../http.ts";
import { createWorkspace, loadWorkspace, updateWorkspace, workspaceView } from "../services/workspaces.ts";
import { parsed } from "./platform-input.ts";

const originOf = (url: string) => new URL(url).origin;

/**
 * The platform's workspaces (@mockctl/contract platform-api.ts). Who may call what is decided once, in
 * middleware/scope.ts: creating a workspace takes the platform key; reading the caller's own takes `read`,
 * changing its settings `admin`.
 */
export const platform = new Hono<AppEnv>()
  .post(PLATFORM_PATHS.workspaces, takes<CreateWorkspace>(), async (c) => {
    const admin = c.get("admin");
    const request = parsed(createWorkspaceSchema, c.get("body"));
    const { workspace, token } = await createWorkspace(admin.db, admin.principal, request);
    return c.json({ workspace: workspaceView(workspace, c.env, originOf(c.req.url)), token }, 201);
  })
  .get(PLATFORM_PATHS.workspace, async (c) => {
    const admin = c.get("admin");
    const workspace = await loadWorkspace(admin);
    const { actor, scope } = admin.principal;
    return c.json({ ...workspaceView(workspace, c.env, originOf(c.req.url)), caller: { actor, scope } });
  })
  .patch(PLATFORM_PATHS.workspace, takes<{ allowInjection?: boolean }>(), async (c) => {
    const patch = parsed(updateWorkspaceSchema, c.get("body"));
    const workspace = await updateWorkspace(c.get("admin"), patch);
    return c.json(workspaceView(workspace, c.env, originOf(c.req.url)));
  });
