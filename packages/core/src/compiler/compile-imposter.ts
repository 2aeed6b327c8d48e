import { compilePredicate } from "../predicates/compile.ts";
import type { Encoding } from "../predicates/fold.ts";
import type { CompiledPredicate, PredicateInjector, RequestView } from "../predicates/types.ts";
import type { Imposter } from "../schemas/imposter.ts";
import type { Predicate } from "../schemas/predicate.ts";
import type { Stub } from "../schemas/response.ts";
import type { Candidates } from "./candidates.ts";
import { evaluateStub, firstOf } from "./evaluate-stub.ts";
import { mayReplacePrototype } from "./prototype-keys.ts";
import { RequestScan } from "./request-scan.ts";
import { RouteIndex } from "./route-index.ts";

export interface CompiledStub {
  /** The stub's position in the imposter, which is its rank in first-match order. */
  readonly index: number;
  readonly stub: Stub;
  readonly predicates: readonly CompiledPredicate[];
  /** Some predicate in the stub's tree (under and/or/not too) runs user code. */
  readonly hasInject: boolean;
}

export interface CompiledImposter {
  readonly stubs: readonly CompiledStub[];
  readonly index: RouteIndex;
  /** The first matching stub's position, or -1; through the route index. A Promise only after an inject. */
  match(view: RequestView, inject?: PredicateInjector): number | Promise<number>;
  /** The same answer by evaluating every stub in order: the oracle the index is tested against. */
  matchLinear(view: RequestView, inject?: PredicateInjector): number | Promise<number>;
}

export interface CompileImposterOptions {
  /** Mountebank's binary mode decodes values from base64 first; the index then stays out of the way. */
  encoding?: Encoding;
}

/** Compiles an imposter's stubs once: predicates, the route index, and both matchers. Immutable. */
export function compileImposter(
  imposter: Pick<Imposter, "stubs"> & Partial<Imposter>,
  options: CompileImposterOptions = {},
): CompiledImposter {
  const encoding = options.encoding ?? "utf8";
  const stubs: CompiledStub[] = (imposter.stubs ?? []).map((stub, index) => ({
    index,
    stub,
    predicates: (stub.predicates ?? []).map((p) => compilePredicate(p, { encoding })),
    hasInject: (stub.predicates ?? []).some(containsInject),
  }));
  // The analysis models utf8 folding; in binary mode every stub is left unconstrained.
  const index = new RouteIndex(stubs.map((s) => (encoding === "utf8" ? s.stub.predicates : undefined)));
  const test = (view: RequestView, inject: PredicateInjector | undefined) => (position: number) =>
    evaluateStub(stubs[position]!.predicates, view, inject);

  function match(view: RequestView, inject?: PredicateInjector): number | Promise<number> {
    if (mayReplacePrototype(view)) return matchLinear(view, inject);
    const candidates = index.acquire();
    try {
      if (!candidates.start(new RequestScan(view))) return -1;
      for (let position = candidates.next(); position >= 0; position = candidates.next()) {
        const result = evaluateStub(stubs[position]!.predicates, view, inject);
        if (result === true) return position;
        if (result !== false) return firstOf(result, position, drain(candidates), test(view, inject));
      }
      return -1;
    } finally {
      index.release(candidates);
    }
  }

  function matchLinear(view: RequestView, inject?: PredicateInjector): number | Promise<number> {
    for (let position = 0; position < stubs.length; position++) {
      const result = evaluateStub(stubs[position]!.predicates, view, inject);
      if (result === true) return position;
      if (result !== false) {
        const rest = Array.from({ length: stubs.length - position - 1 }, (_, i) => position + 1 + i);
        return firstOf(result, position, rest, test(view, inject));
      }
    }
    return -1;
  }

  return { stubs, index, match, matchLinear };
}

/** The remaining candidates, taken before the scratch space is handed back for other requests. */
function drain(candidates: Candidates): number[] {
  const rest: number[] = [];
  for (let position = candidates.next(); position >= 0; position = candidates.next()) rest.push(position);
  return rest;
}

/** Whether running the predicate may call user code (an `inject` anywhere in its tree). */
export function containsInject(predicate: Predicate): boolean {
  if (typeof predicate !== "object" || predicate === null) return false;
  if (predicate.inject !== undefined) return true;
  const children = [predicate.not, ...(Array.isArray(predicate.and) ? predicate.and : [])];
  if (Array.isArray(predicate.or)) children.push(...predicate.or);
  return children.some((child) => child !== undefined && containsInject(child));
}
