import type { RouteMemo } from "./route-memo.ts";

/**
 * The body a request's memo key holds, asked the same way by the front door and the express lane: null when
 * the memo does not read bodies; "" for a GET or HEAD without one, which is not read (asking saves it a trip
 * through the runtime's event loop, while any other method would pay for the stream's wrapper, and reading
 * an absent body gives the empty text anyway); undefined for an encoded body, as the memo keys text, which
 * its bytes are not; otherwise its text, once read.
 */
export function bodyToKey(
  memo: RouteMemo,
  method: string,
  request: Request,
  headers: Headers,
): string | null | undefined | Promise<string> {
  if (!memo.body) return null;
  if ((method === "GET" || method === "HEAD") && request.body === null) return "";
  if (headers.has("content-encoding")) return undefined;
  return request.text();
}
