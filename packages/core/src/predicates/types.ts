import type { MbRequest } from "../schemas/request.ts";

/**
 * Evaluates a predicate `inject` function. Predicates are synchronous except through this seam: the
 * platform runs user code in another isolate, so an injected predicate answers with a Promise.
 */
export type PredicateInjector = (source: string, request: MbRequest) => Promise<boolean> | boolean;

/** Per-request caches shared by every predicate evaluated against one request. */
export interface RequestView {
  readonly request: MbRequest;
  /** The body parsed as JSON once, or undefined when it is not JSON. */
  json(): unknown;
}

/**
 * A predicate compiled once per stub. Returns a boolean unless an `inject` node had to be evaluated,
 * in which case it returns a Promise. Throws MbFailure for errors Mountebank reports at match time.
 */
export type CompiledPredicate = (view: RequestView, inject?: PredicateInjector) => boolean | Promise<boolean>;
