import { MbFailure } from "@mockctl/core";
import type { Db, Principal } from "../env.ts";
import { authenticate } from "../services/auth.ts";

const UNAUTHORIZED = {
  code: "unauthorized",
  message:
    "If you set the apiKey option, make sure you are sending the correct apiKey in the x-api-key header.",
} as const;

/** Mountebank's validateApiKey: off unless API_KEY is set, then every route needs a matching x-api-key. */
export async function principalFor(db: Db, env: Env, key: string | undefined): Promise<Principal> {
  if (!env.API_KEY) return { workspaceId: env.WORKSPACE, actor: "anonymous" };
  const principal = key ? await authenticate(db, env, key) : null;
  if (principal === null) throw new MbFailure(UNAUTHORIZED);
  return principal;
}
