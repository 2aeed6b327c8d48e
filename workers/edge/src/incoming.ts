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
]);

/**
 * Turns a Worker Request into the core's raw request. `target` is the path and query the imposter sees.
 * Header names arrive lower-cased and duplicates comma-joined: workerd gives nothing rawer.
 */
export async function toRawRequest(request: Request, target: string): Promise<RawHttpRequest> {
  const headers: Array<[string, string]> = [];
  // forEach rather than iteration: xpath's and xmldom's typings pull in lib.dom, whose Headers is not iterable.
  request.headers.forEach((value, name) => {
    if (!PLATFORM_HEADERS.has(name)) headers.push([name, value]);
  });
  const bytes = new Uint8Array(await request.arrayBuffer());
  const raw: RawHttpRequest = {
    method: request.method,
    url: target,
    headers,
    body: decodeBody(bytes, request.headers.get("content-encoding")),
  };
  const ip = request.headers.get("cf-connecting-ip");
  if (ip !== null) raw.remoteAddress = ip;
  return raw;
}
