import type { ResponseDescription } from "../schemas/request.ts";
import type { IsResponse, StubResponse } from "../schemas/response.ts";
import { renderIs } from "./render-is.ts";

/**
 * What Mountebank serves when no stub matches, and for a stub whose response list is empty: its stub
 * repository hands out `{ is: {} }`, which goes through defaultResponse like any other response (and gets
 * the CORS echo when allowCORS is on).
 */
export const NO_MATCH_RESPONSE: StubResponse = Object.freeze({ is: Object.freeze({}) });

/** The no-match answer for an imposter's defaultResponse: 200, no headers, empty body without one. */
export function noMatchResponse(defaults: IsResponse | undefined): ResponseDescription {
  return renderIs({}, defaults);
}
