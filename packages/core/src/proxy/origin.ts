import { encodeBase64 } from "../responses/base64.ts";
import type { MbRequest } from "../schemas/request.ts";
import type { IsResponse, Proxy as ProxyConfig } from "../schemas/response.ts";

/** What the platform sends to the origin: `fetch(url, { method, headers, body })`. */
export interface OutboundRequest {
  url: string;
  method: string;
  headers: Array<[string, string]>;
  body?: string;
}

const hasHeader = (headers: Record<string, unknown> | undefined, name: string): boolean =>
  Object.keys(headers ?? {}).some((key) => key.toLowerCase() === name);

/**
 * mb merges `injectHeaders` into the request itself before forwarding it (httpProxy.addInjectedHeadersTo),
 * so the predicates it then generates from that request see them too. An injected header replaces the
 * client's of the same name in any case: on the way out Node's `setHeader` does that for mb, so the origin
 * gets the real credentials of an injected `Authorization` in place of a client's, not beside them. (mb's
 * own copy keeps both spellings for its predicates; with the client's names lower-cased here, the case mb
 * users meet, a client and an injection both spelling `Authorization`, comes out the same.)
 */
export function withInjectedHeaders(request: MbRequest, proxy: ProxyConfig): MbRequest {
  const injected = proxy.injectHeaders as MbRequest["headers"] | undefined;
  if (!injected) return request;
  const replaced = new Set(Object.keys(injected).map((name) => name.toLowerCase()));
  const headers: MbRequest["headers"] = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (!replaced.has(name.toLowerCase())) headers[name] = value;
  }
  return { ...request, headers: { ...headers, ...injected } };
}

/** mb's hostnameFor: the origin's host name, with its port unless it is the scheme's default. */
function hostFor(origin: URL): string {
  return origin.port === "" ? origin.hostname : `${origin.hostname}:${origin.port}`;
}

// The runtime frames the body itself (a Content-Length for a known length, so no chunked encoding is
// forced on the origin, mb issue #132); a stale framing header of the client's request must not go along.
const FRAMING = new Set(["content-length", "transfer-encoding", "host"]);

/**
 * The request forwarded to `proxy.to` (httpProxy.getProxyRequest): same method, the client's raw target
 * (`target`, so a query key without `=` stays without one, mb issue #410), the client's headers with
 * `injectHeaders` merged in, and `Host` rewritten to the origin unless injectHeaders sets one (#388).
 */
export function outboundRequest(request: MbRequest, proxy: ProxyConfig, target: string): OutboundRequest {
  const origin = new URL(proxy.to);
  const forwarded = withInjectedHeaders(request, proxy);
  const headers: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(forwarded.headers)) {
    if (FRAMING.has(name.toLowerCase()) && !Object.hasOwn(proxy.injectHeaders ?? {}, name)) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.push([name, String(one)]);
  }
  if (!hasHeader(proxy.injectHeaders, "host")) headers.push(["host", hostFor(origin)]);
  const url = `${origin.protocol}//${origin.host}${target.startsWith("/") ? target : `/${target}`}`;
  const hasBody = request.body !== "" && request.method !== "GET" && request.method !== "HEAD";
  return hasBody
    ? { url, method: request.method, headers, body: request.body }
    : { url, method: request.method, headers };
}

const BINARY_ENCODINGS = ["gzip", "br", "compress", "deflate"];
// httpProxy.js:29, in mb's order.
const BINARY_TYPES = [
  "audio/",
  "application/epub+zip",
  "application/gzip",
  "application/java-archive",
  "application/msword",
  "application/octet-stream",
  "application/pdf",
  "application/rtf",
  "application/vnd.ms-excel",
  "application/vnd.ms-fontobject",
  "application/vnd.ms-powerpoint",
  "application/vnd.visio",
  "application/x-shockwave-flash",
  "application/x-tar",
  "application/zip",
  "font/",
  "image/",
  "model/",
  "video/",
];

function headerText(headers: Record<string, string | string[]>, name: string): string {
  const found = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return Array.isArray(found) ? found.join(",") : (found ?? "");
}

/** mb's isBinaryResponse: a compressing Content-Encoding, or a Content-Type from its list (substring). */
export function isBinaryResponse(headers: Record<string, string | string[]>): boolean {
  const encoding = headerText(headers, "content-encoding");
  const type = headerText(headers, "content-type");
  return BINARY_ENCODINGS.some((e) => encoding.includes(e)) || BINARY_TYPES.some((t) => type.includes(t));
}

/** mb's maybeJSON (issue #656): whatever parses as JSON is saved parsed, numbers and `null` included. */
function maybeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const UTF8 = new TextDecoder();

/** The origin's answer as mb saves it: `{ statusCode, headers, body, _mode }`, binary bodies as base64. */
export function originAnswer(
  statusCode: number,
  headers: Record<string, string | string[]>,
  bytes: Uint8Array,
): IsResponse {
  const binary = isBinaryResponse(headers);
  const text = binary ? encodeBase64(bytes) : UTF8.decode(bytes);
  return { statusCode, headers, body: maybeJson(text), _mode: binary ? "binary" : "text" };
}
