import { MbFailure } from "../errors.ts";
import type { ResponseDescription } from "../schemas/request.ts";
import type { IsResponse, StubResponse } from "../schemas/response.ts";
import { renderIs } from "./render-is.ts";

/**
 * The final description of a response that needs no per-request work: a plain `is` with no behaviors
 * (and no other response type). Undefined otherwise, and also when rendering fails (an invalid status
 * code): Mountebank accepts such a response and answers 500 on each request, so the error is left to
 * resolveResponse. The result is frozen because one object serves every request; apply CORS with
 * applyCors, which copies.
 */
export function precompileResponse(
  response: StubResponse,
  defaults: IsResponse | undefined,
): ResponseDescription | undefined {
  if (!response.is || response.proxy || response.inject || response.fault) return undefined;
  if (response.behaviors && response.behaviors.length > 0) return undefined;
  try {
    const description = renderIs(response.is, defaults);
    Object.freeze(description.headers);
    return Object.freeze(description);
  } catch (error) {
    if (error instanceof MbFailure) return undefined;
    throw error;
  }
}
