import type { ErrorSummary } from "./case-types.ts";
import type { CreateResult } from "./target.ts";
import type { WireResponse } from "./wire.ts";

/**
 * Response headers left out of the comparison, each for a reason that is not the engine's behaviour:
 * - `connection`: hop-by-hop (RFC 9110 §7.6.1). mb adds `Connection: close` to every response unless the
 *   stub sets one; Node's server may say keep-alive; workerd drops the header altogether (documented
 *   platform deviation, reference §1.11). It describes the socket, not the response.
 * - `keep-alive`: hop-by-hop; Node adds `Keep-Alive: timeout=5` on kept-alive sockets, mb never does.
 * - `transfer-encoding`: framing chosen by the server stack (chunked when there is no Content-Length);
 *   the body bytes after de-chunking are compared instead.
 * - `date`: the clock at the moment of sending; it differs between two servers by nature.
 * Header names are compared lower-cased: HTTP names are case-insensitive, and workerd lower-cases them
 * (documented platform deviation), while mb keeps the case the stub wrote.
 */
export const IGNORED_HEADERS: ReadonlySet<string> = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "date",
]);

/** A response reduced to what must be identical between Mountebank and us. */
export interface Comparable {
  status: number;
  /** Lower-cased name → values in arrival order (a repeated header keeps every line). */
  headers: Record<string, string[]>;
  /** The body as text when it is valid UTF-8, else as `base64:<bytes>`; equal bytes give equal strings. */
  body: string;
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

export function bodyText(bytes: Uint8Array): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return `base64:${Buffer.from(bytes).toString("base64")}`;
  }
}

export function comparable(res: WireResponse): Comparable {
  const headers: Record<string, string[]> = {};
  for (const [name, value] of res.headers) {
    const key = name.toLowerCase();
    if (IGNORED_HEADERS.has(key)) continue;
    headers[key] = [...(headers[key] ?? []), value];
  }
  return { status: res.status, headers, body: bodyText(res.body) };
}

/** Status plus the `code` and `message` of each error, in order; other fields (source, stack) differ. */
export function errorSummary(result: CreateResult): ErrorSummary {
  const body = result.body as { errors?: unknown } | undefined;
  const errors = Array.isArray(body?.errors) ? body.errors : [];
  return {
    status: result.status,
    errors: errors.map((error: { code?: string; message?: string }) => ({
      code: error.code,
      message: error.message,
    })),
  };
}

/**
 * A recorded request reduced to what both servers must have seen alike. Left out: `timestamp` (the
 * clock), `requestFrom` and `ip` (the client's address: documented), and the hop-by-hop headers of
 * IGNORED_HEADERS; header names are lower-cased, as workerd gives them (documented).
 */
export function comparableRecord(recorded: unknown): Record<string, unknown> {
  const { method, path, query, body, headers } = (recorded ?? {}) as Record<string, unknown>;
  const lowered: Record<string, unknown> = {};
  for (const [name, value] of Object.entries((headers ?? {}) as Record<string, unknown>)) {
    if (!IGNORED_HEADERS.has(name.toLowerCase())) lowered[name.toLowerCase()] = value;
  }
  return { method, path, query, body, headers: lowered };
}
