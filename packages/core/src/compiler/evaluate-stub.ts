import type { CompiledPredicate, PredicateInjector, RequestView } from "../predicates/types.ts";

type Result = boolean | Promise<boolean>;

/**
 * A stub matches when every predicate holds, evaluated in order and stopping at the first false one
 * (Mountebank's `stubPredicates.every`), so later predicates (an inject, one that would throw) run only
 * when the earlier ones held. A Promise only when an injected predicate answered with one.
 */
export function evaluateStub(
  predicates: readonly CompiledPredicate[],
  view: RequestView,
  inject: PredicateInjector | undefined,
  start = 0,
): Result {
  for (let i = start; i < predicates.length; i++) {
    const result = predicates[i]!(view, inject);
    if (result === false) return false;
    if (result !== true) {
      return result.then((value) => (value ? evaluateStub(predicates, view, inject, i + 1) : false));
    }
  }
  return true;
}

/** Runs `test` over positions in order, resuming after an asynchronous answer; first true wins. */
export async function firstOf(
  pending: Promise<boolean>,
  pendingPosition: number,
  rest: readonly number[],
  test: (position: number) => Result,
): Promise<number> {
  if (await pending) return pendingPosition;
  for (const position of rest) if (await test(position)) return position;
  return -1;
}
