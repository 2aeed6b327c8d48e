import { renderErrors, statusOf } from "@mockctl/contract";
import { type MbError, MbFailure } from "@mockctl/core";
import type { Context } from "hono";

const INTERNAL: MbError = { code: "internal error", message: "internal error" };

/** Mountebank's Express app sets `json spaces` to 2 and answers errors in its envelope. */
const errorResponse = (errors: MbError[], status: number) =>
  new Response(renderErrors(errors), {
    status,
    headers: { "content-type": "application/json; charset=utf-8" },
  });

/**
 * The one place errors become responses, with the status the contract's catalogue gives their kind.
 * Anything that is not a Mountebank error is logged and answered with a fixed body, so stack traces, SQL
 * and binding names never reach a client.
 */
export function renderError(error: unknown, c: Context): Response {
  if (error instanceof MbFailure) return errorResponse(error.errors, statusOf(error));
  console.error(`admin ${c.req.method} ${new URL(c.req.url).pathname} failed`, error);
  return errorResponse([INTERNAL], 500);
}

/** Express answers unknown routes with an HTML 404; we keep the JSON envelope. */
export function renderNotFound(c: Context): Response {
  const message = `Cannot ${c.req.method} ${new URL(c.req.url).pathname}`;
  return errorResponse([{ code: "no such resource", message }], 404);
}
