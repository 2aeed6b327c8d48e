import type { HeaderSource, RawHttpRequest } from "@mockctl/core";
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
]);

/**
 * The request's headers as the imposter sees them, read from the runtime only when a stub needs them
 * (issue 12): without the platform's headers and without the imposter's key, which predicates must not
 * see, the journal must not record and a proxy must not forward. Header names arrive lower-cased and
 * duplicates comma-joined: workerd gives nothing rawer.
 */
class RuntimeHeaders implements HeaderSource {
  constructor(
    private readonly headers: Headers,
    private readonly key: string | undefined,
  ) {}

  private hides(name: string): boolean {
    return PLATFORM_HEADERS.has(name) || name === this.key;
  }

  // forEach rather than iteration: xpath's and xmldom's typings pull in lib.dom, whose Headers is not iterable.
  forEach(each: (value: string, name: string) => void): void {
    this.headers.forEach((value, name) => {
      if (!this.hides(name)) each(value, name);
    });
  }

  get(name: string): string | null {
    return this.hides(name.toLowerCase()) ? null : this.headers.get(name);
  }
}

/**
 * Turns a Worker Request into the core's raw request. `target` is the path and query the imposter sees;
 * `keyHeader` names the imposter's required-key header, if any, to hide.
 *
 * Synchronous for a request without a body (most GETs): reading an absent body would still cost a trip
 * through the runtime's event loop per request, and the hot path has nothing else to wait for. Its body
 * is given as text, so the core need not decode zero bytes.
 */
export function toRawRequest(
  request: Request,
  target: string,
  keyHeader?: string,
): RawHttpRequest | Promise<RawHttpRequest> {
  const headers = new RuntimeHeaders(request.headers, keyHeader?.toLowerCase());
  const raw: RawHttpRequest = { method: request.method, url: target, headers, body: "" };
  const ip = request.headers.get("cf-connecting-ip");
  if (ip !== null) raw.remoteAddress = ip;
  if (request.body === null) return raw;
  return request.arrayBuffer().then((buffer) => {
    raw.body = decodeBody(new Uint8Array(buffer), request.headers.get("content-encoding"));
    return raw;
  });
}
