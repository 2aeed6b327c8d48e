import type { FieldMap, MbRequest, RawHttpRequest } from "../schemas/request.ts";
import { parseQueryString } from "./querystring.ts";
import { parseTarget } from "./target.ts";

const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });

/** A body's bytes as the text Mountebank reads: UTF-8, a leading byte-order mark kept. */
export const decodeRequestBody = (bytes: Uint8Array | ArrayBuffer): string => utf8.decode(bytes);

/**
 * Builds the request Mountebank's http(s) imposters see (`models/http/httpRequest.js`):
 * - `path` is the WHATWG URL pathname: dot segments resolved, percent-encoding kept as sent;
 * - `query` and `form` follow Node's `querystring.parse`; `form` exists only for a non-empty body whose
 *   Content-Type media type is exactly `application/x-www-form-urlencoded`;
 * - `headers` keep the names as the adapter gives them; repeated names become arrays;
 * - `body` is the payload read as UTF-8. Content-Encoding (gzip, br) must already be undone by the
 *   adapter: decompression needs platform streams, which the core does not use.
 * Fields are created in Mountebank's order, which is the order `requests[]` are printed in.
 */
export function normalizeRequest(raw: RawHttpRequest): MbRequest {
  const target = parseTarget(raw.url);
  const headers = headerMap(raw.headers);
  const body = typeof raw.body === "string" ? raw.body : decodeRequestBody(raw.body);
  const ip = raw.remoteAddress ?? "";
  const request: MbRequest = {
    requestFrom: raw.remotePort === undefined ? ip : `${ip}:${raw.remotePort}`,
    method: raw.method,
    path: target.path,
    query: parseQueryString(target.search),
    headers,
    body,
    ip,
  };
  if (body !== "" && isUrlEncodedForm(firstHeader(headers, "content-type"))) {
    request.form = parseQueryString(body);
  }
  return request;
}

/**
 * Mountebank's `headersMap.ofRaw`: names are compared exactly (so `X-A` and `x-a` stay apart), a repeated
 * name turns into an array, and, as there, a repeat after an empty value replaces it instead.
 */
function headerMap(pairs: ReadonlyArray<readonly [string, string]>): FieldMap {
  const headers: FieldMap = Object.create(null);
  for (const [name, value] of pairs) {
    const current = headers[name];
    if (Array.isArray(current)) current.push(value);
    else headers[name] = current ? [current, value] : value;
  }
  return headers;
}

/** The first header whose name matches case-insensitively, as `headersMap.get` finds it. */
function firstHeader(headers: FieldMap, name: string): string | string[] | undefined {
  for (const key of Object.keys(headers)) {
    if (key.toLowerCase() === name) return headers[key];
  }
  return undefined;
}

function isUrlEncodedForm(contentType: string | string[] | undefined): boolean {
  // Mountebank crashes on a repeated Content-Type (an array has no trim); here it is simply not a form.
  if (typeof contentType !== "string" || contentType === "") return false;
  const semicolon = contentType.indexOf(";");
  const mediaType = semicolon < 0 ? contentType : contentType.slice(0, semicolon);
  return mediaType.trim() === "application/x-www-form-urlencoded";
}
