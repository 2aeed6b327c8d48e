import { badData, MbFailure } from "../errors.ts";
import type { Predicate } from "../schemas/predicate.ts";
import type { CompiledPredicate, PredicateInjector, RequestView } from "./types.ts";

/** Compiles a child predicate; supplied by compile.ts so this module has no import cycle. */
export type CompileChild = (child: unknown) => CompiledPredicate;

type Result = boolean | Promise<boolean>;

/** `not`: the negation; a Promise only when the child had to run an inject. */
export function compileNot(predicate: Predicate, compile: CompileChild): CompiledPredicate {
  const child = compile(predicate.not);
  return (view, inject) => {
    const result = child(view, inject);
    return typeof result === "boolean" ? !result : result.then((value) => !value);
  };
}

/**
 * `or` / `and`: children run in order and stop at the first deciding result, exactly like Mountebank's
 * `some` / `every`, so a later child (an inject, or one that throws) runs only when an earlier one did not
 * decide. When a child answers with a Promise the rest wait for it, which keeps that order.
 */
export function compileOr(predicate: Predicate, compile: CompileChild): CompiledPredicate {
  return compileSequence("or", predicate.or, compile, true);
}

export function compileAnd(predicate: Predicate, compile: CompileChild): CompiledPredicate {
  return compileSequence("and", predicate.and, compile, false);
}

function compileSequence(
  operator: "or" | "and",
  children: unknown,
  compile: CompileChild,
  decidingValue: boolean,
): CompiledPredicate {
  if (!Array.isArray(children)) {
    // Mountebank throws a TypeError (no some/every); the validator normally rejects this shape first.
    const failure = new MbFailure(
      badData(`the ${operator} predicate needs an array of predicates`, children),
    );
    return () => {
      throw failure;
    };
  }
  const nodes = children.map((child) => compile(child));
  const run = (view: RequestView, inject: PredicateInjector | undefined, start: number): Result => {
    for (let i = start; i < nodes.length; i++) {
      const result = nodes[i]!(view, inject);
      if (typeof result !== "boolean") {
        return result.then((value) => (value === decidingValue ? decidingValue : run(view, inject, i + 1)));
      }
      if (result === decidingValue) return decidingValue;
    }
    return !decidingValue;
  };
  return (view, inject) => run(view, inject, 0);
}
