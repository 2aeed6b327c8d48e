import { WORKSPACE_ID_MAX, type WorkspaceView, workspaceIdSchema } from "@mockctl/contract/platform-api";
import { type Command, flag, stringValue } from "../command.ts";
import { type Output, table, UsageError } from "../output.ts";
import { showSecret } from "./secret.ts";

/**
 * A platform started with --allowInjection allows it in every workspace, whatever the workspace's own
 * setting: `allowInjection` is that setting, `injectionAllowed` what holds.
 */
const overriddenByPlatform = ({ allowInjection, injectionAllowed }: WorkspaceView): boolean =>
  !allowInjection && injectionAllowed === true;

/** What holds, first: the workspace's own "off" shown beside it where the platform's setting wins. */
function injection(workspace: WorkspaceView): string {
  if (workspace.allowInjection) return "allowed";
  return overriddenByPlatform(workspace) ? "allowed (platform-wide; workspace setting off)" : "off";
}

function printWorkspace(out: Output, workspace: WorkspaceView): void {
  const { id, name, adminUrl, createdAt } = workspace;
  out.line(
    table(
      ["WORKSPACE", "NAME", "INJECTION", "ADMIN URL", "CREATED"],
      [[id, name, injection(workspace), adminUrl, createdAt]],
    ),
  );
}

export const workspacesCreate: Command = {
  name: "workspaces create",
  summary: "Create a workspace and its first admin token (the platform key); the secret is printed once",
  args: "<id>",
  positionals: { min: 1, max: 1 },
  remote: true,
  description: [
    "POST /platform/workspaces, with the platform's own key as --token (mb's --apikey). <id> is a DNS",
    `label (lowercase letters, digits, inner hyphens, 1-${WORKSPACE_ID_MAX}): imposters are served at <port>.<id>.<zone>.`,
  ],
  options: {
    name: { type: "string", value: "<name>", description: "a display name (default: the id)" },
    allowInjection: { type: "boolean", description: "allow inject/decorate in this workspace only" },
  },
  examples: ["mockctl workspaces create acme --name 'Acme QA' --token \"$PLATFORM_KEY\" --json"],
  async run(context) {
    const id = context.positionals[0] ?? "";
    const valid = workspaceIdSchema.safeParse(id);
    if (!valid.success)
      throw new UsageError(
        `invalid workspace id ${id}: ${valid.error.issues[0]?.message}`,
        "workspaces create",
      );
    const name = stringValue(context, "name");
    const created = await context.client().platform.createWorkspace({
      id,
      ...(name === undefined ? {} : { name }),
      ...(flag(context, "allowInjection") ? { allowInjection: true } : {}),
    });
    const { workspace, token } = created;
    printWorkspace(context.out, workspace);
    const login = `mockctl login --url ${workspace.adminUrl} --token <the secret> --profile ${workspace.id}`;
    showSecret(context.out, token.secret, `Its first admin token (${token.name}). Use it: ${login}`);
    context.out.success(`Created workspace ${workspace.id} at ${workspace.adminUrl}.`, { workspace, token });
  },
};

export const workspacesGet: Command = {
  name: "workspaces get",
  summary: "Show the workspace your token belongs to and its settings",
  remote: true,
  description: ["GET /platform/workspace (any scope)."],
  async run(context) {
    const workspace = await context.client().platform.getWorkspace();
    printWorkspace(context.out, workspace);
    context.out.success(`Workspace ${workspace.id}.`, { workspace });
  },
};

const BOOLEAN: Record<string, boolean> = { true: true, false: false };

export const workspacesSet: Command = {
  name: "workspaces set",
  summary: "Change your workspace's settings (admin scope)",
  remote: true,
  description: [
    "PATCH /platform/workspace with the settings given; the others are left as they are. A platform",
    "started with --allowInjection allows injection in every workspace: there false is kept, with a warning",
    "that it has no effect until the platform starts without it.",
  ],
  options: {
    allowInjection: {
      type: "string",
      value: "<true|false>",
      description: "allow inject/decorate in this workspace (mb's --allowInjection)",
    },
  },
  examples: ["mockctl workspaces set --allowInjection true"],
  async run(context) {
    const text = stringValue(context, "allowInjection");
    if (text === undefined)
      throw new UsageError("nothing to set: give --allowInjection true|false", "workspaces set");
    const allowInjection = BOOLEAN[text];
    if (allowInjection === undefined)
      throw new UsageError(`--allowInjection takes true or false, not ${text}`, "workspaces set");
    const workspace = await context.client().platform.updateWorkspace({ allowInjection });
    printWorkspace(context.out, workspace);
    // The setting is stored (it holds again should the platform start without --allowInjection), so exit 0.
    if (overriddenByPlatform(workspace)) {
      context.out.warn(
        `the platform allows injection for every workspace (started with --allowInjection), so ${workspace.id}'s setting has no effect there: inject and decorate stay allowed`,
      );
    }
    context.out.success(`Workspace ${workspace.id}: injection ${injection(workspace)}.`, {
      workspace,
    });
  },
};
