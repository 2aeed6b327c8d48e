/**
 * Mountebank's error codes, plus the platform's own for limits. Their HTTP statuses and the envelope they
 * are answered in are the contract's (packages/contract, `statusOf` and `renderErrors`), not the core's.
 */
export type MbErrorCode =
  | "bad data"
  | "invalid injection"
  | "invalid JSON"
  | "no such resource"
  | "unauthorized"
  | "invalid proxy"
  | "resource conflict"
  | "insufficient access"
  | "limit exceeded"
  | "too many requests"
  | "precondition failed"
  | "internal error";

/**
 * What a failure is, for choosing its status: its code, or a case mb answers with another status than its
 * code's usual one. `stub index`: mb answers a bad `:stubIndex` with 404 although the code is `bad data`.
 */
export type ErrorKind = MbErrorCode | "stub index";

export interface MbError {
  code: MbErrorCode;
  message: string;
  source?: unknown;
  data?: unknown;
}

/** The one result type, in the core and across Worker boundaries; `kind` is set only where it is not the code. */
export type Result<T> = { ok: true; value: T } | { ok: false; errors: MbError[]; kind?: ErrorKind };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = <T = never>(...errors: MbError[]): Result<T> => ({ ok: false, errors });
export const failAs = <T = never>(kind: ErrorKind, ...errors: MbError[]): Result<T> => ({
  ok: false,
  errors,
  kind,
});

/** Thrown where unwinding is simplest; `kind` picks the status (the first error's code unless given). */
export class MbFailure extends Error {
  readonly errors: MbError[];
  kind: ErrorKind;
  constructor(...errors: MbError[]) {
    super(errors[0]?.message ?? "error");
    this.errors = errors;
    this.kind = errors[0]?.code ?? "internal error";
  }

  static as(kind: ErrorKind, ...errors: MbError[]): MbFailure {
    const failure = new MbFailure(...errors);
    failure.kind = kind;
    return failure;
  }
}

/** The value of a result, or its errors thrown (with their kind) for whoever renders them. */
export function unwrap<T>(result: Result<T>): T {
  if (result.ok) return result.value;
  throw MbFailure.as(result.kind ?? result.errors[0]?.code ?? "internal error", ...result.errors);
}

export const badData = (message: string, source?: unknown): MbError =>
  source === undefined ? { code: "bad data", message } : { code: "bad data", message, source };

/** mb's message for a `:stubIndex` naming no stub (controllers/imposterController.js). */
export const badStubIndex = (): Result<never> =>
  failAs(
    "stub index",
    badData(
      "'stubIndex' must be a valid integer, representing the array index position of the stub to replace",
    ),
  );
