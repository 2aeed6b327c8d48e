import type { WireResponse } from "@mockctl/differential";

/**
 * The comparison rules for answers that crossed workerd, applied to Mountebank's answer and the
 * platform's alike before the differential comparison. Each is a documented platform difference
 * (README "Where we differ from Mountebank") about the HTTP stack, never about what the engine decided.
 *
 * Already handled by the differential's own rules (packages/differential/src/compare.ts):
 * - header names lower-cased: names are compared lower-cased, so workerd's case never matters;
 * - no `Connection: close`: Connection (and Keep-Alive, Transfer-Encoding, Date) are left out.
 *
 * Not a rule, on purpose: duplicates comma-joined. That happens to request headers on their way in
 * (cases that depend on it are in PLATFORM_EXCEPTIONS); on the way out workerd writes one line per
 * value, like mb (checked: `X-Many: ["a","b"]` comes back as two lines), so nothing is folded here.
 */
export function normalizeForPlatform(response: WireResponse): WireResponse {
  return { ...response, headers: dropFramingLength(response.headers, response.body) };
}

/**
 * workerd's Content-Length on every body: a Worker's fixed-size body is always sent with its length,
 * where mb (Node, head written before the body) sends it chunked unless the stub set Content-Length.
 * A Content-Length that states the body's real size therefore says nothing about the engine and is
 * dropped on both sides. One that does not (a stub's own, left stale) is kept and compared.
 */
function dropFramingLength(headers: Array<[string, string]>, body: Uint8Array): Array<[string, string]> {
  return headers.filter(
    ([name, value]) => name.toLowerCase() !== "content-length" || value.trim() !== String(body.length),
  );
}
