import { OWN_PORT_HEADER } from "@mockctl/contract";
import type { RawHttpRequest } from "@mockctl/core";
import { decodeBody } from "./decode-body.ts";

/**
 * Headers Cloudflare adds on its way in. A client talking to mb never sends them, and tests that compare
 * recorded headers would see them, so they are dropped before the core sees the request.
 */
const PLATFORM_HEADERS = new Set([
  "cf-connecting-ip",
  "cf-connecting-ipv6",
  "cf-ipcountry",
  "cf-ray",
  "cf-visitor",
  "cf-ew-via",
  "cf-worker",
  "cdn-loop",
  "x-forwarded-proto",
  "x-real-ip",
  // The local launcher's own, naming the imposter port a request came in on (@mockctl/contract, address.ts).
  OWN_PORT_HEADER,
]);

/** The request line, headers and address of a Worker Request in the core's form, and its Content-Encoding. */
function headOf(request: Request, target: string): { raw: RawHttpRequest; encoding: string | null } {
  const headers: Array<[string, string]> = [];
  let encoding: string | null = null;
  let ip: string | null = null;
  // One pass over the headers picks out the two the adapter reads, instead of a lookup each.
  // forEach rather than iteration: xpath's and xmldom's typings pull in lib.dom, whose Headers is not iterable.
  request.headers.forEach((value, name) => {
    if (name === "content-encoding") encoding = value;
    else if (name === "cf-connecting-ip") ip = value;
    if (!PLATFORM_HEADERS.has(name)) headers.push([name, value]);
  });
  const raw: RawHttpRequest = { method: request.method, url: target, headers, body: "" };
  if (ip !== null) raw.remoteAddress = ip;
  return { raw, encoding };
}

/**
 * Turns a Worker Request into the core's raw request. `target` is the path and query the imposter sees.
 * Header names arrive lower-cased and duplicates comma-joined: workerd gives nothing rawer.
 *
 * Synchronous for a request without a body (most GETs): reading an absent body would still cost a trip
 * through the runtime's event loop per request, and the hot path has nothing else to wait for. Its body
 * is given as text, so the core need not decode zero bytes.
 */
export function toRawRequest(request: Request, target: string): RawHttpRequest | Promise<RawHttpRequest> {
  const { raw, encoding } = headOf(request, target);
  if (request.body === null) return raw;
  // Text unless it must be decoded first: the runtime's text() is the decoder's (the edge keeps a leading
  // byte order mark, as mb does) without an ArrayBuffer to collect.
  if (encoding === null) {
    return request.text().then((text) => {
      raw.body = text;
      return raw;
    });
  }
  return request.arrayBuffer().then((buffer) => {
    raw.body = decodeBody(new Uint8Array(buffer), encoding);
    return raw;
  });
}

/** The raw request of one whose body the front door has read already, as the text the core would make of it. */
export function withReadBody(request: Request, target: string, body: string): RawHttpRequest {
  const { raw } = headOf(request, target);
  raw.body = body;
  return raw;
}

/**
 * The raw request of one whose answer reads only the named headers and the body (route-memo.ts's `narrow`):
 * those headers are asked for one by one instead of walking every header the client sent.
 */
export function withNamedHeaders(
  request: Request,
  target: string,
  names: readonly string[],
  body: string,
): RawHttpRequest {
  const headers: Array<[string, string]> = [];
  for (const name of names) {
    const value = request.headers.get(name);
    if (value !== null) headers.push([name, value]);
  }
  return { method: request.method, url: target, headers, body };
}
