import type { MbRequest, RawHttpRequest } from "../schemas/request.ts";
import { LazyRequest } from "./lazy.ts";
import { parseTarget } from "./target.ts";

const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });

/**
 * Builds the request Mountebank's http(s) imposters see (`models/http/httpRequest.js`):
 * - `path` is the WHATWG URL pathname: dot segments resolved, percent-encoding kept as sent;
 * - `query` and `form` follow Node's `querystring.parse`; `form` exists only for a non-empty body whose
 *   Content-Type media type is exactly `application/x-www-form-urlencoded`;
 * - `headers` keep the names as the adapter gives them; repeated names become arrays;
 * - `body` is the payload read as UTF-8. Content-Encoding (gzip, br) must already be undone by the
 *   adapter: decompression needs platform streams, which the core does not use.
 * Fields are listed in Mountebank's order, which is the order `requests[]` are printed in. `query`,
 * `headers` and `form` are built when first read (LazyRequest): copy the request with `plainRequest`.
 */
export function normalizeRequest(raw: RawHttpRequest): MbRequest {
  const target = parseTarget(raw.url);
  const body = typeof raw.body === "string" ? raw.body : utf8.decode(raw.body);
  const ip = raw.remoteAddress ?? "";
  const from = raw.remotePort === undefined ? ip : `${ip}:${raw.remotePort}`;
  return new LazyRequest(from, raw.method, target.path, body, ip, target.search, raw.headers);
}
