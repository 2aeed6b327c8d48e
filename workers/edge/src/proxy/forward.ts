import { PROXY_BODY_LIMIT_BYTES } from "@mockctl/contract/proxy-out";
import type { EngineDeps, ImposterEngine, IsResponse, MbRequest, Proxy as ProxyConfig } from "@mockctl/core";
import { MbFailure, originAnswer, outboundRequest } from "@mockctl/core";
import { type Loopback, LoopbackRefused } from "./loopback.ts";
import { requestOverSocket } from "./socket-http.ts";
import { fetchHttps } from "./through-launcher.ts";

export { PROXY_BODY_LIMIT_BYTES };

const encoder = new TextEncoder();

/**
 * How long an origin has to answer, headers and body, before the request fails with `invalid proxy`.
 * mb has no limit (a silent origin hangs its client); one stuck origin must not hold an imposter's
 * object, which serves its proxy requests one at a time.
 */
export const PROXY_TIME_LIMIT_MS = 10_000;

interface ProxyEnv {
  /** A shorter limit for tests (a string var), in milliseconds. */
  PROXY_TIME_LIMIT_MS?: string;
  /**
   * An mTLS certificate binding (`mtls_certificates` in wrangler) that presents a client certificate:
   * `fetch` cannot take one per request, so proxies that set `cert` (mb's client identity toward an
   * origin that requires mutual TLS) go out through this binding instead. Unbound on Cloudflare,
   * `cert`/`key`/`passphrase` are kept and echoed but no certificate is presented; the local platform
   * presents each proxy's own through PROXY_OUT.
   */
  PROXY_CLIENT_CERT?: Fetcher;
  /** The local platform's launcher, which sends https proxies on as mb does (through-launcher.ts). */
  PROXY_OUT?: Fetcher;
}

const invalidProxy = (message: string) => new MbFailure({ code: "invalid proxy", message });

function limitOf(env: object): number {
  const configured = Number((env as ProxyEnv).PROXY_TIME_LIMIT_MS);
  return configured > 0 ? configured : PROXY_TIME_LIMIT_MS;
}

/** Response headers as mb saves them: one value per name, repeated Set-Cookie lines as an array. */
function savedHeaders(headers: Headers, decoded: boolean): Record<string, string | string[]> {
  const saved: Record<string, string | string[]> = {};
  headers.forEach((value, name) => {
    // The runtime hands over a compressed body already decoded, so its encoding and length no longer hold.
    if (decoded && (name === "content-encoding" || name === "content-length")) return;
    saved[name] = name === "set-cookie" ? headers.getSetCookie() : value;
  });
  return saved;
}

/**
 * Sends the request on to `proxy.to` with `fetch` and answers what mb's http proxy saves. A connection
 * that fails, and an origin that has not answered in full within the limit, give mb's `invalid proxy`.
 * Redirects come back as they are, as from Node's http client.
 */
export async function forward(
  request: MbRequest,
  proxy: ProxyConfig,
  target: string,
  limitMs: number,
  loopback?: Loopback,
  clientCert?: Fetcher,
  proxyOut?: Fetcher,
): Promise<IsResponse> {
  const outbound = outboundRequest(request, proxy, target);
  const signal = AbortSignal.timeout(limitMs);
  const init: RequestInit = {
    method: outbound.method,
    headers: outbound.headers,
    // Bytes, not a string: fetch gives a string body `Content-Type: text/plain;charset=UTF-8` when the client
    // sent none, and mb forwards no type the client did not send (an origin may answer 415 to the guess).
    body: outbound.body === undefined ? undefined : encoder.encode(outbound.body),
    redirect: "manual",
    signal,
  };
  try {
    // An imposter behind another may take as long as any origin: the same limit holds.
    const looped =
      loopback === undefined ? undefined : await withinLimit(loopback(outbound.url, init), signal);
    const viaCert = clientCert !== undefined && proxy.cert !== undefined;
    // fetch would send the URL's Host in place of an injected one (mb #388): that request goes on a socket.
    const viaSocket = looped === undefined && !viaCert && injectsHost(proxy);
    const response =
      looped ??
      (await (viaSocket
        ? requestOverSocket(outbound.url, outbound, signal, PROXY_BODY_LIMIT_BYTES)
        : viaCert
          ? clientCert.fetch(outbound.url, init)
          : fetchHttps(outbound.url, init, proxy, limitMs, proxyOut)));
    const bytes = await bodyOf(response, proxy);
    // fetch hands over a compressed body decoded; the socket's answer is the origin's bytes as sent.
    const encoded = !viaSocket && response.headers.has("content-encoding");
    // Binary or not is decided on the origin's own headers, as mb does, before they are adjusted.
    const answer = originAnswer(response.status, savedHeaders(response.headers, false), bytes);
    return { ...answer, headers: savedHeaders(response.headers, encoded) };
  } catch (error) {
    if (error instanceof MbFailure) throw error;
    if (error instanceof LoopbackRefused) {
      throw invalidProxy(`Unable to connect to ${JSON.stringify(proxy.to)}: ${error.message}`);
    }
    if (signal.aborted) {
      throw invalidProxy(`Unable to connect to ${JSON.stringify(proxy.to)}: no answer within ${limitMs} ms`);
    }
    throw invalidProxy(`Unable to connect to ${JSON.stringify(proxy.to)}`);
  }
}

const injectsHost = (proxy: ProxyConfig): boolean =>
  Object.keys(proxy.injectHeaders ?? {}).some((name) => name.toLowerCase() === "host");

async function bodyOf(response: Response, proxy: ProxyConfig): Promise<Uint8Array> {
  const tooLarge = () =>
    invalidProxy(`The answer of ${JSON.stringify(proxy.to)} is larger than ${PROXY_BODY_LIMIT_BYTES} bytes`);
  if (Number(response.headers.get("content-length")) > PROXY_BODY_LIMIT_BYTES) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.length > PROXY_BODY_LIMIT_BYTES) throw tooLarge();
  return bytes;
}

/** Rejects once `signal` aborts, whatever `work` is still doing. */
function withinLimit<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    signal.addEventListener("abort", () => reject(signal.reason), { once: true });
    work.then(resolve, reject);
  });
}

/** The engine's proxy seam for one request, whose raw target (path and query as sent) is forwarded. */
export function proxyDeps(env: object, target: string, loopback?: Loopback): Pick<EngineDeps, "proxy"> {
  const limit = limitOf(env);
  const { PROXY_CLIENT_CERT: cert, PROXY_OUT: out } = env as ProxyEnv;
  return { proxy: (request, proxy) => forward(request, proxy, target, limit, loopback, cert, out) };
}

const proxying = new WeakMap<ImposterEngine, boolean>();

/** Whether any stub of the imposter proxies: only then does a request pay for the proxy seam. */
export function proxies(engine: ImposterEngine): boolean {
  let known = proxying.get(engine);
  if (known === undefined) {
    known = engine.imposter.stubs.some((stub) => stub.responses.some((response) => response.proxy));
    proxying.set(engine, known);
  }
  return known;
}
