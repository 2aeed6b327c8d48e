/**
 * The proxy-out protocol between the edge Worker and the local platform's launcher. mb's proxies go out
 * through Node's https with the origin's certificate never checked and, when the proxy sets them, a client
 * key and cert of its own; a Worker's `fetch` checks every certificate and presents none. So on the local
 * platform a proxy to an https origin whose certificate the runtime refused, or one with a client identity,
 * is sent as the origin's own URL on the binding below, with the proxy's TLS in PROXY_TLS_HEADER; the
 * launcher (infra/local/proxy-out.ts) sends it on as mb would and answers the origin's answer. A deployed
 * platform has no such binding. No zod here: the launcher's bundle carries no third-party code.
 */
export const PROXY_OUT_BINDING = "PROXY_OUT";

/**
 * The largest origin body a proxy takes (mb has none). It is held in memory, saved base64 or as text in
 * the imposter's definition (itself limited to 10 MiB of JSON), and sent again on every replay. The
 * launcher stops reading an origin a byte past it, so a huge answer never fills its memory either.
 */
export const PROXY_BODY_LIMIT_BYTES = 5 * 1024 * 1024;
export const PROXY_TLS_HEADER = "x-mockctl-proxy-tls";

/** mb's client-side TLS fields of a proxy, and how long the edge waits for the origin. */
export interface ProxyTls {
  key?: string;
  cert?: string;
  passphrase?: string;
  ciphers?: string;
  secureProtocol?: string;
  limitMs: number;
}

const FIELDS = ["key", "cert", "passphrase", "ciphers", "secureProtocol"] as const;

/** A proxy's TLS fields (strings only) and the time limit. */
export function proxyTlsOf(proxy: Record<string, unknown>, limitMs: number): ProxyTls {
  const tls: ProxyTls = { limitMs };
  for (const field of FIELDS) {
    const value = proxy[field];
    if (typeof value === "string" && value !== "") tls[field] = value;
  }
  return tls;
}

/** A header value cannot hold a PEM's line breaks: the fields travel as base64 of their JSON's UTF-8. */
export function encodeProxyTls(tls: ProxyTls): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(JSON.stringify(tls))) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function decodeProxyTls(header: string | null): ProxyTls | undefined {
  if (header === null) return undefined;
  try {
    const bytes = Uint8Array.from(atob(header), (char) => char.charCodeAt(0));
    const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (typeof parsed !== "object" || parsed === null) return undefined;
    const limitMs = (parsed as { limitMs?: unknown }).limitMs;
    return proxyTlsOf(parsed as Record<string, unknown>, typeof limitMs === "number" ? limitMs : 0);
  } catch {
    return undefined;
  }
}
