import type { Imposter, MbError, MbRequest, Stub } from "@mockctl/core";

/** One row of the imposters list: GET /imposters?overview=true (mb's list form plus our two fields). */
export interface ImposterSummary {
  protocol: string;
  port: number;
  name?: string;
  numberOfRequests: number;
  url: string;
  stubCount: number;
  /** When it last received a request (ISO time), null when never. */
  lastActivity: string | null;
}

/** GET /imposters/:id as the admin API prints it: the stored imposter plus its runtime fields. */
export type ImposterDetail = Imposter & {
  numberOfRequests: number;
  url: string;
  requests?: MbRequest[];
  /** The version its `ETag` named (not part of the body): a stub change sent with it as `If-Match` is conditional. */
  version?: number;
};

/** A journal entry: from the live stream, or (fallback) an index into GET /imposters/:id's `requests`. */
export interface JournalEntry {
  seq: number;
  at: string;
  request: MbRequest;
  /** The stub that answered; null when none matched; undefined when the source cannot tell (fallback). */
  stubIndex: number | null | undefined;
  /** The imposter's version whose stub list `stubIndex` indexes; absent when the platform did not say. */
  version?: number | undefined;
}

/**
 * Whether an entry's stub index points into an older stub list than the one shown (a proxy recorded, or
 * the stubs were edited, since it was answered): then "stub #0" is not today's stub #0.
 */
export const fromEarlierStubs = (entry: JournalEntry, current: number | undefined): boolean =>
  typeof entry.stubIndex === "number" &&
  entry.version !== undefined &&
  current !== undefined &&
  entry.version < current;

/** An error answer of the admin API: mb's `{ errors: [...] }` with the HTTP status. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: MbError[];
  constructor(status: number, errors: MbError[]) {
    super(errors.map((error) => error.message).join("; ") || `HTTP ${status}`);
    this.status = status;
    this.errors = errors;
  }
}

export type { Imposter, MbError, MbRequest, Stub };
