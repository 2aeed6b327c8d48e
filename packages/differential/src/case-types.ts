import type { WireRequest } from "./wire.ts";

/** A request of a case, plus what Mountebank itself must answer so the case cannot silently test nothing. */
export interface CaseRequest extends WireRequest {
  /** Checked against Mountebank's answer (not ours): it pins down what the case is about. */
  expect?: { status?: number; body?: string };
  /** Both targets must take at least this long (the `wait` behavior). */
  minElapsedMs?: number;
}

/** An imposter and the requests sent to it, in order, to every target. */
export interface ExchangeCase {
  name: string;
  /** The imposter without `protocol` and `port`; the runner adds `protocol: "http"` and a free port. */
  imposter: Record<string, unknown>;
  requests: CaseRequest[];
}

/** A stub response that says "this stub matched"; the no-match default is mb's 200 with an empty body. */
export const MATCHED = { statusCode: 201, body: "matched" };

/**
 * One stub guarded by `predicates`, probed by requests that must (true) or must not (false) match it
 * on Mountebank. Every predicate case has at least one probe of each kind where that makes sense.
 */
export function predicateCase(
  name: string,
  predicates: unknown[],
  probes: Array<[WireRequest, boolean]>,
): ExchangeCase {
  return {
    name,
    imposter: { stubs: [{ predicates, responses: [{ is: MATCHED }] }] },
    requests: probes.map(([req, matched]) => ({
      ...req,
      expect: matched ? { status: 201, body: "matched" } : { status: 200, body: "" },
    })),
  };
}

export const get = (path: string, headers: Array<[string, string]> = []): WireRequest => ({
  method: "GET",
  path,
  headers,
});

export const post = (path: string, body: string | Uint8Array, headers: Array<[string, string]> = []) =>
  ({ method: "POST", path, headers, body }) satisfies WireRequest;

export const form = (body: string, type = "application/x-www-form-urlencoded") =>
  post("/", body, [["Content-Type", type]]);

export const json = (body: unknown, path = "/"): WireRequest =>
  post(path, JSON.stringify(body), [["Content-Type", "application/json"]]);

export const xml = (body: string, path = "/"): WireRequest =>
  post(path, body, [["Content-Type", "application/xml"]]);

/** A POST of an imposter to the admin API, compared by status and each error's code and message. */
export interface ValidationCase {
  name: string;
  /** POSTed as given, except that `port` is filled in with a free port when the case leaves it out. */
  imposter: Record<string, unknown> | ((port: number) => Record<string, unknown>);
  /**
   * A deliberate deviation, documented in the reference: Mountebank is checked to answer exactly `mb`,
   * and we are checked to answer `ours` (a subset match: a missing message is not checked).
   */
  deviation?: { why: string; mb: ErrorSummary; ours: ErrorSummary };
}

export interface ErrorSummary {
  status: number;
  errors: Array<{ code?: string; message?: string }>;
}
