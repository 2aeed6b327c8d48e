import { encodeProxyTls, PROXY_TLS_HEADER, proxyTlsOf } from "@mockctl/contract/proxy-out";
import type { Proxy as ProxyConfig } from "@mockctl/core";

/**
 * A proxy's request to an https origin on the local platform (@mockctl/contract/proxy-out). mb sends it
 * through Node's https, which checks no certificate and presents the proxy's `key` and `cert`; this
 * runtime's `fetch` checks every certificate and presents none. So a proxy with a client identity goes
 * out through the launcher, and any other tries `fetch` first (an origin the runtime trusts stays on the
 * fast path) and the launcher once `fetch` fails, as when the origin's certificate is self-signed.
 * Without the binding (Cloudflare), `fetch` alone.
 */
export async function fetchHttps(
  url: string,
  init: RequestInit,
  proxy: ProxyConfig,
  limitMs: number,
  proxyOut: Fetcher | undefined,
): Promise<Response> {
  if (proxyOut === undefined || !url.startsWith("https:")) return fetch(url, init);
  if (typeof proxy.cert === "string" || typeof proxy.key === "string") {
    return throughLauncher(proxyOut, url, init, proxy, limitMs);
  }
  const origin = new URL(url).origin;
  if (untrusted.has(origin)) return throughLauncher(proxyOut, url, init, proxy, limitMs);
  try {
    return await fetch(url, init);
  } catch (error) {
    if (init.signal?.aborted === true) throw error;
    // The runtime logs each refused handshake at length: an origin it refused once goes the other way.
    if (untrusted.size >= MAX_UNTRUSTED) untrusted.clear();
    untrusted.add(origin);
    return throughLauncher(proxyOut, url, init, proxy, limitMs);
  }
}

/** Origins whose `fetch` failed in this isolate, sent through the launcher from then on. */
const untrusted = new Set<string>();
const MAX_UNTRUSTED = 1_000;

function throughLauncher(
  proxyOut: Fetcher,
  url: string,
  init: RequestInit,
  proxy: ProxyConfig,
  limitMs: number,
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set(PROXY_TLS_HEADER, encodeProxyTls(proxyTlsOf(proxy as Record<string, unknown>, limitMs)));
  return proxyOut.fetch(url, { ...init, headers });
}
