import type { MbRequest } from "../schemas/request.ts";
import type { XmlDocument } from "../select/xpath.ts";

/**
 * Evaluates a predicate `inject` function. Predicates are synchronous except through this seam: the
 * platform runs user code in another isolate, so an injected predicate answers with a Promise.
 */
export type PredicateInjector = (source: string, request: MbRequest) => Promise<boolean> | boolean;

/** Per-request caches shared by every predicate evaluated against one request; call its methods on it. */
export interface RequestView {
  readonly request: MbRequest;
  /** The body parsed as JSON once, or undefined when it is not JSON. */
  json(): unknown;
  /** `text` parsed as JSON, at most once per distinct text; undefined when it is not JSON. */
  parseJson(text: string): unknown;
  /** `text` parsed as XML (Mountebank's lenient xmldom parse), at most once per distinct text. */
  xml(text: string): XmlDocument;
  /**
   * Computes `compute()` once per (space, key) for this request. Predicates use it for normalized
   * request fields: `space` names the transform, `key` the input. Cached values are shared between
   * predicates, so callers must never mutate them.
   */
  memo<T>(space: string, key: string, compute: () => T): T;
  /** The Map behind `memo` for one space, for hot paths that should not allocate a closure per call. */
  cache(space: string): Map<string, unknown>;
  /** Like `cache`, for keys that are whole texts such as a body (see TextCache). */
  texts(space: string): TextCache;
  /** `Object.keys(request)`, listed once per request for every predicate that looks a field up by name. */
  fieldNames(): readonly string[];
}

/**
 * Per-request values keyed by text. A Map hashes every character of a new key, which for a body costs
 * about as much as a few predicates; most spaces only ever see one text per request (the body, folded
 * one way), so the first text is kept aside and found again by comparing strings, and only further
 * texts go to a Map. `get` answers undefined for a text not set.
 */
export interface TextCache {
  has(text: string): boolean;
  get(text: string): unknown;
  set(text: string, value: unknown): void;
}

/**
 * A predicate compiled once per stub. Returns a boolean unless an `inject` node had to be evaluated,
 * in which case it returns a Promise. Throws MbFailure for errors Mountebank reports at match time.
 */
export type CompiledPredicate = (view: RequestView, inject?: PredicateInjector) => boolean | Promise<boolean>;
