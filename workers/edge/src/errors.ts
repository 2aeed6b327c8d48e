import { failureResponse } from "@mockctl/contract";
import { MbFailure, type ResponseDescription } from "@mockctl/core";

/** The 500 for a failed request; a failure that is not the core's own is a bug, so it is logged. */
export function failed(error: unknown): ResponseDescription {
  if (!(error instanceof MbFailure)) console.error("imposter request failed", error);
  return failureResponse(error);
}
