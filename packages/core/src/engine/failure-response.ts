import { MbFailure } from "../errors.ts";
import type { ResponseDescription } from "../schemas/request.ts";

/**
 * Mountebank answers an error while serving an imposter request with 500 and the error envelope. Its
 * own errors carry code and message; anything else is a bug of ours, so its details stay out of the body.
 */
export function failureResponse(error: unknown): ResponseDescription {
  const errors =
    error instanceof MbFailure
      ? error.errors
      : [{ code: "internal error", message: "the imposter could not answer this request" }];
  return {
    statusCode: 500,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ errors }, null, 2),
  };
}
