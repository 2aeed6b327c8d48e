import type { Output } from "../output.ts";

/**
 * A token's secret, which the platform keeps only as a hash: this answer is the one time it exists in
 * the clear. Printed on a line of its own (stdout) after a warning (stderr), so `| tail -1` or a
 * terminal's copy takes exactly it; under --json it is in the object and the warning in `warnings`.
 */
export function showSecret(out: Output, secret: string, use: string): void {
  out.warn("this secret is shown once and cannot be read again; store it now (e.g. as a CI secret).");
  out.line(secret);
  out.line(use);
}

/** A token's state for a list: revoked, expired, or live. */
export function tokenState(
  token: { revokedAt: string | null; expiresAt: string | null },
  now: number,
): string {
  if (token.revokedAt !== null) return "revoked";
  if (token.expiresAt !== null && Date.parse(token.expiresAt) <= now) return "expired";
  return "live";
}
