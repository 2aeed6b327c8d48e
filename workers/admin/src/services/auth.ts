import { eq } from "drizzle-orm";
import { apiTokens } from "../db/schema.ts";
import type { Db, Principal } from "../env.ts";

const encoder = new TextEncoder();

async function digest(algorithm: string, text: string): Promise<ArrayBuffer> {
  return crypto.subtle.digest(algorithm, encoder.encode(text));
}

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
  const bytes = new Uint8Array(await digest("SHA-256", token));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The platform key (Mountebank's --apikey) opens the default workspace; a workspace token opens its own.
 * Tokens are looked up by hash, so the lookup's timing says nothing about the token's value.
 */
export async function authenticate(db: Db, env: Env, key: string): Promise<Principal | null> {
  if (await sameKey(key, env.API_KEY)) return { workspaceId: env.WORKSPACE, actor: "api-key" };
  const hash = await tokenHash(key);
  const token = await db.query.apiTokens.findFirst({ where: eq(apiTokens.tokenHash, hash) });
  return token ? { workspaceId: token.workspaceId, actor: `token:${token.name}` } : null;
}
