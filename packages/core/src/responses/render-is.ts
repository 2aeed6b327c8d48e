import { MbFailure } from "../errors.ts";
import type { ResponseDescription } from "../schemas/request.ts";
import type { IsResponse } from "../schemas/response.ts";
import { decodeBase64, stripNonBase64 } from "./base64.ts";
import { headerName, toHeaderRecord } from "./headers.ts";

const isObject = (value: unknown): value is object => typeof value === "object" && value !== null;

/**
 * Node's writeHead coerces the status with `|= 0` (so "201.7" is 201 and "0x1F4" is 500) and rejects
 * anything outside 100..999; Mountebank turns that throw into a 500, and so do we.
 */
export function toStatusCode(value: unknown): number {
  const code = Number(value) | 0;
  if (code < 100 || code > 999) {
    throw new MbFailure({ code: "internal error", message: `Invalid status code: ${String(value)}` });
  }
  return code;
}

/** The body as Mountebank writes it: objects as 4-space JSON, anything else through toString. */
function bodyText(body: unknown): string {
  if (isObject(body)) return JSON.stringify(body, null, 4);
  return String(body);
}

/**
 * The final HTTP answer for an `is` response, as Mountebank's postProcess builds it. Each field falls
 * back to the default on its own when falsy (so `body: ""` or `statusCode: 0` take the default's), and
 * stub headers replace the default headers rather than merge with them.
 *
 * Mountebank also adds `Connection: close` unless one is set. A Worker cannot control the connection
 * (workerd drops the header), so we do not add it.
 */
export function renderIs(
  response: IsResponse | undefined,
  defaults: IsResponse | undefined,
): ResponseDescription {
  const stub = response ?? {};
  const fallback = defaults ?? {};
  const statusCode = toStatusCode(stub.statusCode || fallback.statusCode || 200);
  const headers = toHeaderRecord(pickHeaders(stub.headers || fallback.headers));
  const text = bodyText(stub.body || fallback.body || "");
  const binary = (stub._mode || fallback._mode || "text") === "binary";
  const body = binary ? decodeBase64(stripNonBase64(text)) : text;

  const lengthHeader = headerName(headers, "Content-Length");
  if (lengthHeader !== undefined) headers[lengthHeader] = String(byteLength(body));
  return { statusCode, headers, body };
}

function pickHeaders(headers: unknown): Record<string, unknown> {
  return isObject(headers) ? (headers as Record<string, unknown>) : {};
}

const encoder = new TextEncoder();

export function byteLength(body: string | Uint8Array): number {
  return typeof body === "string" ? encoder.encode(body).byteLength : body.byteLength;
}
