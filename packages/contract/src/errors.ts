import type { ErrorKind, MbError, ResponseDescription } from "@mockctl/core";
import { MbFailure } from "@mockctl/core";

/**
 * The error catalogue: each kind of failure names its HTTP status here and nowhere else. Checked against
 * mb 2.9.1 where it answers: a port already in use is 400 (mb answers `EADDRINUSE` with 400, never 409), an
 * unknown imposter 404, a bad `:stubIndex` 404 with code `bad data`, a wrong x-api-key 401. `limit exceeded`,
 * `too many requests` (a workspace's rate limit), `insufficient access` (cross-site requests, a token
 * without the scope) and `precondition failed` (a stub change sent with an `If-Match` the imposter has moved
 * past) are ours.
 */
export const STATUS: Readonly<Record<ErrorKind, number>> = {
  "bad data": 400,
  "stub index": 404,
  "invalid injection": 400,
  "invalid JSON": 400,
  "invalid proxy": 400,
  "resource conflict": 400,
  "no such resource": 404,
  unauthorized: 401,
  "insufficient access": 403,
  "limit exceeded": 413,
  "too many requests": 429,
  "precondition failed": 412,
  "internal error": 500,
};

export function statusOf(failure: MbFailure): number {
  return STATUS[failure.kind];
}

/** Mountebank's envelope, printed as its Express app prints every body (`json spaces` 2). */
export function renderErrors(errors: MbError[]): string {
  return JSON.stringify({ errors }, null, 2);
}

/** mb's error for an unknown imposter (middleware.createImposterValidator). */
export const NO_SUCH_IMPOSTER: MbError = {
  code: "no such resource",
  message: "Try POSTing to /imposters first?",
};

export const noSuchImposter = () => new MbFailure(NO_SUCH_IMPOSTER);

/**
 * A stub change sent with `If-Match: "<version>"` when the imposter is at another version (a proxy recorded a
 * stub, another client changed it): nothing changes, and the client reads the imposter again.
 */
export const changedSince = (expected: number, current: number): MbError => ({
  code: "precondition failed",
  message: `the imposter changed since version ${expected} (it is at version ${current}): read it again and make your change to that`,
  data: { version: current },
});

export const portInUse = (port: number) =>
  new MbFailure({ code: "resource conflict", message: `Port ${port} is already in use` });

/**
 * mb answers an error while serving an imposter request with 500 and the error envelope. Its own errors
 * carry code and message; anything else is a bug of ours, so its details stay out of the body.
 */
export function failureResponse(error: unknown): ResponseDescription {
  const errors: MbError[] =
    error instanceof MbFailure
      ? error.errors
      : [{ code: "internal error", message: "the imposter could not answer this request" }];
  return { statusCode: 500, headers: { "Content-Type": "application/json" }, body: renderErrors(errors) };
}

/**
 * The answer for a port no imposter holds. mb's client would get a refused connection; a front door
 * cannot refuse, so it answers the way mb's admin API answers for an unknown imposter.
 */
export function noSuchImposterResponse(): ResponseDescription {
  return {
    statusCode: STATUS["no such resource"],
    headers: { "content-type": "application/json" },
    body: renderErrors([NO_SUCH_IMPOSTER]),
  };
}
