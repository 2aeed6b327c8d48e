import { errorEnvelope, httpStatusFor, type MbError, MbFailure } from "@mockctl/core";
import type { Context } from "hono";
import { jsonResponse } from "../http.ts";

/** An MbFailure answered with a status Mountebank chose instead of the code's usual one. */
export class HttpFailure extends MbFailure {
  readonly status: number;
  constructor(status: number, ...errors: MbError[]) {
    super(...errors);
    this.status = status;
  }
}

export function statusOf(failure: MbFailure): number {
  if (failure instanceof HttpFailure) return failure.status;
  const code = failure.errors[0]?.code;
  return code === undefined ? 500 : httpStatusFor(code);
}

const INTERNAL: MbError = { code: "internal error", message: "internal error" };

/**
 * The one place errors become responses. Anything that is not a Mountebank error is logged and answered
 * with a fixed body, so stack traces, SQL and binding names never reach a client.
 */
export function renderError(error: unknown, c: Context): Response {
  if (error instanceof MbFailure) return jsonResponse(errorEnvelope(error.errors), statusOf(error));
  console.error(`admin ${c.req.method} ${new URL(c.req.url).pathname} failed`, error);
  return jsonResponse(errorEnvelope([INTERNAL]), 500);
}

/** Express answers unknown routes with an HTML 404; we keep the JSON envelope. */
export function renderNotFound(c: Context): Response {
  const message = `Cannot ${c.req.method} ${new URL(c.req.url).pathname}`;
  return jsonResponse(errorEnvelope([{ code: "no such resource", message }]), 404);
}
