import { createTokenSchema } from "@mockctl/contract/platform-api";
import { type Command, stringValue } from "../command.ts";
import { counted, table, UsageError } from "../output.ts";
import { showSecret, tokenState } from "./secret.ts";

export const tokensCreate: Command = {
  name: "tokens create",
  summary: "Create a token of your workspace (admin scope); its secret is printed once",
  args: "<name>",
  positionals: { min: 1, max: 1 },
  remote: true,
  description: [
    "POST /platform/tokens. --scope is read (list and get), write (also change imposters) or admin",
    "(also tokens, settings and the audit log). The secret is sent as x-api-key (or Bearer) by any",
    "Mountebank client; the platform keeps only its hash.",
  ],
  options: {
    scope: { type: "string", value: "<scope>", description: "read, write or admin (required)" },
    expires: {
      type: "string",
      value: "<time>",
      description: "ISO time it stops working, e.g. 2027-01-31T00:00:00Z",
    },
  },
  examples: ["mockctl tokens create ci --scope write --json"],
  async run(context) {
    // zod's words for a missing one ("expected one of read|write|admin") do not say it was left out.
    if (stringValue(context, "scope") === undefined) {
      throw new UsageError("--scope is required: read, write or admin", "tokens create");
    }
    const request = createTokenSchema.safeParse({
      name: context.positionals[0],
      scope: stringValue(context, "scope"),
      expiresAt: stringValue(context, "expires"),
    });
    if (!request.success) {
      const issue = request.error.issues[0];
      const where =
        issue?.path[0] === "expiresAt" ? "--expires" : issue?.path[0] === "scope" ? "--scope" : "<name>";
      throw new UsageError(`${where}: ${issue?.message ?? "invalid"}`, "tokens create");
    }
    const token = await context.client().platform.createToken(request.data);
    showSecret(context.out, token.secret, "Use it as --token, MOCKCTL_TOKEN, or `mockctl login --token …`.");
    context.out.success(`Created token ${token.name} (${token.scope}, id ${token.id}, ${token.prefix}…).`, {
      token,
    });
  },
};

export const tokensList: Command = {
  name: "tokens list",
  summary: "List your workspace's tokens (admin scope); never their secrets",
  remote: true,
  async run(context) {
    const tokens = await context.client().platform.listTokens();
    const now = Date.now();
    const rows = tokens.map((t) => [
      t.id,
      t.name,
      `${t.prefix}…`,
      t.scope,
      tokenState(t, now),
      t.createdAt,
      t.expiresAt ?? "never",
      t.lastUsedAt ?? "never",
    ]);
    const headers = ["ID", "NAME", "PREFIX", "SCOPE", "STATE", "CREATED", "EXPIRES", "LAST USED"];
    if (rows.length > 0) context.out.line(table(headers, rows));
    context.out.success(`${counted(tokens.length, "token")}.`, { tokens });
  },
};

export const tokensRevoke: Command = {
  name: "tokens revoke",
  summary: "Revoke a token (admin scope): refused on its next request, everywhere",
  args: "<id>",
  positionals: { min: 1, max: 1 },
  remote: true,
  description: [
    "DELETE /platform/tokens/:id, with the id `mockctl tokens list` shows. A token revoked already is",
    "left as it is, with a warning and exit 0: the platform keeps its first revocation time.",
  ],
  async run(context) {
    const id = context.positionals[0] ?? "";
    const { platform } = context.client();
    // The platform answers a second DELETE as the first (the token, revoked at its first time), so whether
    // this one changed anything is read from the list first. An unknown id goes on to the platform's 404.
    const before = (await platform.listTokens()).find((token) => token.id === id);
    if (before !== undefined && before.revokedAt !== null) {
      context.out.warn(
        `token ${before.name} (${id}) was already revoked at ${before.revokedAt}; nothing changed`,
      );
      context.out.success(`Token ${before.name} (${id}) stays revoked.`, {
        token: before,
        alreadyRevoked: true,
      });
      return;
    }
    const token = await platform.revokeToken(id);
    context.out.success(`Revoked token ${token.name} (${token.id}).`, { token, alreadyRevoked: false });
  },
};
