import type { MbError, ResponseDescription } from "@mockctl/core";
import { errorEnvelope, failureResponse, MbFailure } from "@mockctl/core";

/** mb's error for an unknown imposter (middleware.createImposterValidator). */
export const NO_SUCH_IMPOSTER: MbError = {
  code: "no such resource",
  message: "Try POSTing to /imposters first?",
};

/**
 * The answer for a port no imposter holds. mb's client would get a refused connection; a front door
 * cannot refuse, so it answers the way mb's admin API answers for an unknown imposter (2-space JSON).
 */
export function noSuchImposter(): ResponseDescription {
  return {
    statusCode: 404,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(errorEnvelope([NO_SUCH_IMPOSTER]), null, 2),
  };
}

/** The core's 500 for a failed request; a failure that is not the core's own is a bug, so it is logged. */
export function failed(error: unknown): ResponseDescription {
  if (!(error instanceof MbFailure)) console.error("imposter request failed", error);
  return failureResponse(error);
}
