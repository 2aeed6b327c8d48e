import { env } from "cloudflare:workers";
import { type CreatedToken, createdWorkspaceSchema, type Scope } from "@mockctl/contract";
import { expect } from "vitest";
import { tokenHash } from "../src/services/auth.ts";
import { type Answer, type CallOptions, call } from "./client.ts";

/** mb's exact 401 body (util/errors.js UnauthorizedError). */
export const UNAUTHORIZED = {
  errors: [
    {
      code: "unauthorized",
      message:
        "If you set the apiKey option, make sure you are sending the correct apiKey in the x-api-key header.",
    },
  ],
};

/** The platform key every tenancy test configures (mb's --apikey). */
export const PLATFORM_KEY = "platform-key";
export const vars = { API_KEY: PLATFORM_KEY };
export const asPlatform: CallOptions = { vars, headers: { "x-api-key": PLATFORM_KEY } };

export const withKey = (secret: string): CallOptions => ({ vars, headers: { "x-api-key": secret } });
export const withBearer = (secret: string): CallOptions => ({
  vars,
  headers: { authorization: `Bearer ${secret}` },
});

/** Creates a workspace through the platform API; answers its first admin token. */
export async function newWorkspace(id: string, options: CallOptions = asPlatform): Promise<CreatedToken> {
  const answer = await call("POST", "/platform/workspaces", { ...options, body: { id } });
  expect(answer.status, answer.text).toBe(201);
  return createdWorkspaceSchema.parse(answer.json).token;
}

/** A token of `scope` made by the workspace's admin token. */
export async function newToken(
  admin: CreatedToken,
  scope: Scope,
  name: string = scope,
): Promise<CreatedToken> {
  const answer = await call("POST", "/platform/tokens", { ...withKey(admin.secret), body: { name, scope } });
  expect(answer.status, answer.text).toBe(201);
  return answer.json;
}

/** `call` with a body, for tables of routes. */
export const send = (method: string, path: string, options: CallOptions, body?: unknown): Promise<Answer> =>
  call(method, path, body === undefined ? options : { ...options, body });

export async function auditRows(workspaceId: string) {
  const { results } = await env.DB.prepare(
    "SELECT actor, action, target FROM audit_log WHERE workspace_id = ? ORDER BY id",
  )
    .bind(workspaceId)
    .all();
  return results;
}

/**
 * A workspace and one token of it written straight to D1, as an operator did before the platform API: no
 * API call, no audit row. Answers the options that call as that token.
 */
export async function storedWorkspace(
  id: string,
  { secret = `${id}-token`, allowInjection = false, platformKey = PLATFORM_KEY } = {},
): Promise<CallOptions> {
  await env.DB.batch([
    env.DB.prepare("INSERT INTO workspaces (id, name, allow_injection) VALUES (?, ?, ?)").bind(
      id,
      id,
      allowInjection ? 1 : 0,
    ),
    env.DB.prepare("INSERT INTO api_tokens (id, workspace_id, name, token_hash) VALUES (?, ?, 'ci', ?)").bind(
      `${id}-1`,
      id,
      await tokenHash(secret),
    ),
  ]);
  return { vars: { API_KEY: platformKey }, headers: { "x-api-key": secret } };
}
