import { renderErrors } from "@mockctl/contract";
import type { RawHttpRequest, RequireKey } from "@mockctl/core";

const encoder = new TextEncoder();

/**
 * Whether `given` equals `expected`, in a time that depends on the expected key's length only: every byte
 * is compared, and a length mismatch is folded into the result rather than returned early, so timing tells
 * a caller nothing about how much of a guess was right.
 */
export function sameKey(given: string, expected: string): boolean {
  const a = encoder.encode(given);
  const b = encoder.encode(expected);
  let difference = a.length ^ b.length;
  for (let i = 0; i < b.length; i++) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
}

/** Whether the request carries the imposter's key (a header compared in constant time). */
export function hasKey(request: Request, key: RequireKey): boolean {
  const given = request.headers.get(key.header);
  return given !== null && sameKey(given, key.value);
}

/**
 * The key is not passed on: predicates do not see it, the journal does not record it (a read-only caller
 * reads the journal), and a proxy does not forward it to its origin.
 */
export function withoutKey(raw: RawHttpRequest, key: RequireKey): RawHttpRequest {
  const header = key.header.toLowerCase();
  raw.headers = raw.headers.filter(([name]) => name !== header);
  return raw;
}

/** 401 in Mountebank's envelope (its code for a missing or wrong x-api-key), naming the header only. */
export function keyRequired(key: RequireKey): Response {
  const message = `this imposter requires its key in the ${key.header} header`;
  return new Response(renderErrors([{ code: "unauthorized", message }]), {
    status: 401,
    headers: { "Content-Type": "application/json" },
  });
}
