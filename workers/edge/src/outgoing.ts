import type { ResponseDescription } from "@mockctl/core";

/** The core's answer, possibly carrying a socket fault that mb simulates and a Worker can only approximate. */
export type Outgoing = ResponseDescription & { fault?: string };

/** What mb writes before destroying the socket for RANDOM_DATA_THEN_CLOSE (models/http/baseHttpServer.js). */
const RANDOM_DATA = new TextEncoder().encode('Htijy%@tWXJ/hQ#[Q:7G@dH4"gu[QaX&');

/** Statuses whose responses cannot carry a body (Response throws if given one). */
const NULL_BODY = new Set([101, 204, 205, 304]);

function toHeaders(fields: ResponseDescription["headers"]): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, String(one));
  }
  return headers;
}

/**
 * A Worker cannot reset a socket or write bytes before the status line. The nearest thing: promise a body
 * of a fixed length, send less (nothing, or mb's random bytes), then abort. The client gets a status line
 * and then a connection closed early (curl: "transfer closed with N bytes remaining"; Node fetch:
 * UND_ERR_SOCKET), which test clients treat as the failure mb's fault provokes.
 */
function faultResponse(fault: string, status: number): Response | undefined {
  if (fault !== "CONNECTION_RESET_BY_PEER" && fault !== "RANDOM_DATA_THEN_CLOSE") return undefined;
  const sent = fault === "RANDOM_DATA_THEN_CLOSE" ? RANDOM_DATA : new Uint8Array(0);
  const { readable, writable } = new FixedLengthStream(sent.length + 1);
  const writer = writable.getWriter();
  const reason = new Error(`simulated ${fault}`);
  const closeEarly =
    sent.length > 0 ? writer.write(sent).then(() => writer.abort(reason)) : writer.abort(reason);
  closeEarly.catch(() => {});
  return new Response(readable, { status });
}

/** Turns the core's ResponseDescription into a Response, after its `wait` behavior's delay. */
export async function toResponse(description: Outgoing): Promise<Response> {
  if (description.waitMs !== undefined && description.waitMs > 0) await scheduler.wait(description.waitMs);
  const status = description.statusCode;
  const fault = description.fault === undefined ? undefined : faultResponse(description.fault, status);
  if (fault !== undefined) return fault;
  // Bytes, not a string: a string body makes workerd add a Content-Type mb never sends. (The cast: lib.dom,
  // pulled in by xpath's typings, wants ArrayBuffer-backed bytes; the core's and RPC's bytes always are.)
  const body =
    typeof description.body === "string"
      ? new TextEncoder().encode(description.body)
      : (description.body as Uint8Array<ArrayBuffer>);
  return new Response(NULL_BODY.has(status) ? null : body, {
    status,
    headers: toHeaders(description.headers),
  });
}
