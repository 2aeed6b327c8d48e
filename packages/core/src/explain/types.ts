import type { Encoding } from "../predicates/fold.ts";
import type { PredicateInjector, RequestView } from "../predicates/types.ts";
import type { PredicateOperator } from "../schemas/operators.ts";
import type { Predicate } from "../schemas/predicate.ts";

/** A near miss names a predicate's operator, or its selector when the selector found nothing. */
export type FailureOperator = PredicateOperator | "jsonpath" | "xpath";

/** One comparison that decided a predicate (the shapes of `@mockctl/contract`'s journal-api.ts). */
export interface PredicateFailure {
  /** `path`, `query.q`, `headers.accept`, `body.a.b`, or with a selector `body $.a.b`. */
  field: string;
  operator: FailureOperator;
  /** The value as the predicate writes it. */
  expected: unknown;
  /** What the request had there (keys folded as the predicate folds them, selector applied), or null. */
  actual: unknown;
}

export interface DescribedPredicate extends PredicateFailure {
  predicate: Predicate;
  /** For and/or/not: the innermost predicate that decided the result. */
  inner?: PredicateFailure & { predicate: Predicate };
}

export interface NearMiss extends DescribedPredicate {
  stubIndex: number;
  /** The first failing predicate's position in the stub's `predicates`. */
  predicateIndex: number;
}

export interface Explanation {
  /** The stub that answers the request, or null when none matches (the default response). */
  stubIndex: number | null;
  /** The closest stubs that do not match (most predicates satisfied first), each with its first failure. */
  nearMisses: NearMiss[];
}

export interface ExplainOptions {
  /** Runs `inject` predicates, as the engine's `injectPredicate` does; without it they throw, as matching does. */
  inject?: PredicateInjector;
  encoding?: Encoding;
  /** How many near misses at most; 5 unless set. */
  limit?: number;
}

/** What every step of an explanation evaluates against. */
export interface ExplainContext {
  view: RequestView;
  inject: PredicateInjector | undefined;
  encoding: Encoding;
}
