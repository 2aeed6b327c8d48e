/** Mountebank's error codes, plus the platform's own for limits. Rendered in one place: `errorEnvelope`. */
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
  | "internal error";

export interface MbError {
  code: MbErrorCode;
  message: string;
  source?: unknown;
  data?: unknown;
}

export type Result<T> = { ok: true; value: T } | { ok: false; errors: MbError[] };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = <T = never>(...errors: MbError[]): Result<T> => ({ ok: false, errors });

/** Thrown inside the core where unwinding is simplest; every public entry point turns it into a value. */
export class MbFailure extends Error {
  readonly errors: MbError[];
  constructor(...errors: MbError[]) {
    super(errors[0]?.message ?? "error");
    this.errors = errors;
  }
}

export const badData = (message: string, source?: unknown): MbError =>
  source === undefined ? { code: "bad data", message } : { code: "bad data", message, source };

export function errorEnvelope(errors: MbError[]): { errors: MbError[] } {
  return { errors };
}

const STATUS: Record<MbErrorCode, number> = {
  "bad data": 400,
  "invalid injection": 400,
  "invalid JSON": 400,
  "no such resource": 404,
  unauthorized: 401,
  "invalid proxy": 400,
  "resource conflict": 409,
  "insufficient access": 403,
  "limit exceeded": 413,
  "internal error": 500,
};

export function httpStatusFor(code: MbErrorCode): number {
  return STATUS[code];
}
