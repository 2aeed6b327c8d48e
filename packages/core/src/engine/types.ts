import type { PredicateInjector } from "../predicates/types.ts";
import type { GeneratorInjector } from "../proxy/generate.ts";
import type { ResolveDeps, ResolvedResponse } from "../responses/types.ts";
import type { Imposter } from "../schemas/imposter.ts";
import type { MbRequest, ResponseDescription } from "../schemas/request.ts";

/**
 * The mutable, serializable state of one imposter. The core never keeps it: the platform's Durable Object
 * (or a test) owns it and hands it in, so it can persist it after every request.
 */
export interface ImposterState {
  /** Response cursor per stub, keyed by stub position; absent means 0. Reset when stubs are replaced. */
  cursors: Record<number, number>;
  numberOfRequests: number;
  /** Recorded requests (recordRequests), oldest first, capped by the platform. */
  requests: MbRequest[];
  /**
   * The stub the last request matched (-1: none), set before its response is made: a response that fails
   * (an inject that throws) still matched, and a journal that said "no match" sent users after predicates.
   */
  matched?: number;
}

export const emptyState = (): ImposterState => ({ cursors: {}, numberOfRequests: 0, requests: [] });

/** Seams for what the core cannot do itself: user code, data sources, the network. All optional. */
export interface EngineDeps extends ResolveDeps {
  injectPredicate?: PredicateInjector;
  /** Runs a proxy's `inject` predicate generator; resolves to the predicates it returned. */
  generatePredicates?: GeneratorInjector;
  now?: () => Date;
}

export interface EngineResult {
  /** With, for a proxy that answered, what it saves (`proxied`) and how (`proxy`): see ResolvedResponse. */
  response: ResponseDescription & { fault?: string } & Pick<ResolvedResponse, "proxied" | "proxy">;
  /** The matched stub's position, or -1 for the no-match default. */
  stubIndex: number;
}

/** A compiled imposter ready to serve. Immutable: a change to the imposter compiles a new engine. */
export interface ImposterEngine {
  /**
   * The imposter as the engine runs it: the definition, with each eta-templated `is` response turned into
   * the `inject` that renders it (templates/expand.ts), so user-code wiring finds the templates' functions.
   * Print and edit the stored definition, never this one.
   */
  readonly imposter: Imposter;
  /** First matching stub position, or -1. A Promise only when an injected predicate had to run. */
  match(request: MbRequest, deps?: EngineDeps): number | Promise<number>;
  /**
   * Whether answering this request changes imposter state beyond the request counter: the imposter
   * records requests, or the stub cycles several responses, repeats or proxies. Such requests must be
   * served by the one place that owns the state (the Durable Object). User code's `state` is not counted:
   * only running a function shows whether it keeps any (the platform's user-code wiring decides).
   */
  isStateful(stubIndex: number): boolean;
  /** Answers a stub whose answer needs no state (its first response), or the no-match default for -1. */
  resolve(stubIndex: number, request: MbRequest, deps?: EngineDeps): Promise<EngineResult>;
  /** Serves one request: counts and records it, matches, advances the stub's cursor, resolves. */
  respond(request: MbRequest, state: ImposterState, deps?: EngineDeps): Promise<EngineResult>;
}
