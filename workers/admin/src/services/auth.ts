import { eq } from "drizzle-orm";
import { type ApiToken, apiTokens } from "../db/schema.ts";
import type { Db, Principal } from "../env.ts";

const encoder = new TextEncoder();

async function digest(algorithm: string, text: string): Promise<ArrayBuffer> {
  return crypto.subtle.digest(algorithm, encoder.encode(text));
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

/**
 * As Mountebank does: hash both sides to equal lengths, then compare every byte whatever differs, so the
 * time taken says nothing about how much of the key was right.
 */
export async function sameKey(given: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([digest("SHA-512", given), digest("SHA-512", expected)]);
  const x = new Uint8Array(a);
  const y = new Uint8Array(b);
  let difference = 0;
  for (let i = 0; i < x.length; i++) difference |= x[i]! ^ y[i]!;
  return difference === 0;
}

/** Tokens are stored as hex SHA-256; see db/schema.ts. */
export async function tokenHash(token: string): Promise<string> {
  return hex(new Uint8Array(await digest("SHA-256", token)));
}

/** Every token this platform issues starts so: `mck_<8 hex>_<secret>`, the first 12 characters shown. */
export const TOKEN_MARK = "mck_";

export interface NewSecret {
  secret: string;
  prefix: string;
  hash: string;
}

/** 8 visible hex characters to tell tokens apart, then 32 random bytes (256 bits) of secret. */
export async function newSecret(): Promise<NewSecret> {
  const random = (n: number) => hex(crypto.getRandomValues(new Uint8Array(n)));
  const prefix = `${TOKEN_MARK}${random(4)}`;
  const secret = `${prefix}_${random(32)}`;
  return { secret, prefix, hash: await tokenHash(secret) };
}

/** Who is calling, and the token row when it is a token (for its last-use time, services/tokens.ts). */
export interface Authenticated {
  principal: Principal;
  token?: ApiToken;
}

export const operatorOf = (workspaceId: string, actor: string): Principal => ({
  workspaceId,
  actor,
  scope: "admin",
  operator: true,
});

/** Live: neither revoked nor past its expiry. Checked on every request, so a revocation holds at once. */
export const isLive = (token: ApiToken, now: number) =>
  token.revokedAt === null && (token.expiresAt === null || token.expiresAt.getTime() > now);

/**
 * The platform key (Mountebank's --apikey) is the operator of the default workspace; a workspace token
 * opens its own workspace with its scope. Tokens are looked up by hash, so the lookup's timing says nothing
 * about the token's value. No cache: the row is read on every admin request (one indexed D1 read).
 */
export async function authenticate(
  db: Db,
  env: Env,
  key: string,
  now: number,
): Promise<Authenticated | null> {
  if (env.API_KEY !== "" && (await sameKey(key, env.API_KEY))) {
    return { principal: operatorOf(env.WORKSPACE, "api-key") };
  }
  const hash = await tokenHash(key);
  const token = await db.query.apiTokens.findFirst({ where: eq(apiTokens.tokenHash, hash) });
  if (token === undefined || !isLive(token, now)) return null;
  const principal: Principal = {
    workspaceId: token.workspaceId,
    actor: `token:${token.name}`,
    scope: token.scope,
    operator: false,
  };
  return { principal, token };
}
