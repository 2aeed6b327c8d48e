import { MbFailure } from "@mockctl/core";
import type { Db } from "../env.ts";
import { type Authenticated, authenticate, operatorOf, TOKEN_MARK } from "../services/auth.ts";

const UNAUTHORIZED = {
  code: "unauthorized",
  message:
    "If you set the apiKey option, make sure you are sending the correct apiKey in the x-api-key header.",
} as const;

type Header = (name: string) => string | undefined;

/** The actor of a caller with no key on an open platform (no API key): the default workspace's operator. */
export const ANONYMOUS = "anonymous";

/** mb's `x-api-key`, or `Authorization: Bearer <token>` as most HTTP clients send a token. */
export function presentedKey(header: Header): string | undefined {
  const key = header("x-api-key");
  if (key !== undefined && key !== "") return key;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header("authorization") ?? "");
  return match?.[1];
}

/**
 * Mountebank's validateApiKey, with workspace tokens. With API_KEY set, every route needs the key or a
 * live token. Without it, as mb without --apikey, a caller with no key (or a key that is not one of our
 * tokens, which mb would ignore) is the operator of the default workspace; a `mck_` token still opens its
 * own workspace, and an unknown, expired or revoked one is refused, so local tests see what hosted ones do.
 */
export async function callerFor(db: Db, env: Env, header: Header, now: number): Promise<Authenticated> {
  const key = presentedKey(header);
  const open = env.API_KEY === "";
  if (open && (key === undefined || !key.startsWith(TOKEN_MARK))) {
    return { principal: operatorOf(env.WORKSPACE, ANONYMOUS) };
  }
  const found = key === undefined ? null : await authenticate(db, env, key, now);
  if (found === null) throw new MbFailure(UNAUTHORIZED);
  return found;
}
