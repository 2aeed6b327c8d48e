import { badData, MbFailure } from "../errors.ts";
import { createRequestView } from "../request/view.ts";
import { PREDICATE_OPERATORS, type PredicateOperator } from "../schemas/operators.ts";
import type { Predicate } from "../schemas/predicate.ts";
import type { MbRequest } from "../schemas/request.ts";
import { compileDeepEquals } from "./deep-equals.ts";
import { compileEquals } from "./equals.ts";
import { compileExists } from "./exists.ts";
import type { Encoding } from "./fold.ts";
import { compileInject } from "./inject.ts";
import { type CompileChild, compileAnd, compileNot, compileOr } from "./logical.ts";
import { compileMatches } from "./matches.ts";
import { compileContains, compileEndsWith, compileStartsWith } from "./string-ops.ts";
import type { CompiledPredicate, PredicateInjector } from "./types.ts";

export interface CompileOptions {
  /** `base64` is Mountebank's binary mode: values are base64-decoded before comparison. */
  encoding?: Encoding;
}

export type OperatorCompiler = (
  predicate: Predicate,
  encoding: Encoding,
  compile: CompileChild,
) => CompiledPredicate;

/** Every predicate operator, keyed by the name that selects it. */
export const OPERATORS: Readonly<Record<PredicateOperator, OperatorCompiler>> = {
  equals: compileEquals,
  deepEquals: compileDeepEquals,
  contains: compileContains,
  startsWith: compileStartsWith,
  endsWith: compileEndsWith,
  matches: compileMatches,
  exists: compileExists,
  not: (predicate, _encoding, compile) => compileNot(predicate, compile),
  or: (predicate, _encoding, compile) => compileOr(predicate, compile),
  and: (predicate, _encoding, compile) => compileAnd(predicate, compile),
  inject: (predicate) => compileInject(predicate),
};

const OPERATOR_NAMES: ReadonlySet<string> = new Set(PREDICATE_OPERATORS);

/**
 * Compiles one predicate (and its children) once, for evaluation against many requests. The operator
 * is the first key of the predicate, in the object's own key order, that names one (as Mountebank finds
 * it); with none, evaluation fails with `missing predicate`. Like every error Mountebank raises while
 * matching, that one is thrown when the predicate is evaluated, not here, so an `or` that is decided
 * before reaching a broken child still works.
 */
export function compilePredicate(predicate: Predicate, options: CompileOptions = {}): CompiledPredicate {
  const encoding = options.encoding ?? "utf8";
  const compile: CompileChild = (child) => compileNode(child, encoding, compile);
  return compile(predicate);
}

/** A predicate's operator: its first own key that names one, as Mountebank's `predicates.evaluate` finds it. */
export function operatorOf(predicate: unknown): PredicateOperator | undefined {
  return typeof predicate === "object" && predicate !== null
    ? (Object.keys(predicate).find((key) => OPERATOR_NAMES.has(key)) as PredicateOperator | undefined)
    : undefined;
}

function compileNode(predicate: unknown, encoding: Encoding, compile: CompileChild): CompiledPredicate {
  const operator = operatorOf(predicate);
  if (operator === undefined) {
    const failure = new MbFailure(badData("missing predicate", predicate));
    return () => {
      throw failure;
    };
  }
  // Mountebank evaluates a JSON copy of the predicate; copying once here gives the same values.
  const copy = JSON.parse(JSON.stringify(predicate)) as Predicate;
  return OPERATORS[operator](copy, encoding, compile);
}

export interface EvaluateOptions extends CompileOptions {
  inject?: PredicateInjector;
}

/** Compiles and runs a predicate against one request: for tests, dry runs and one-off checks. */
export function evaluatePredicate(
  predicate: Predicate,
  request: MbRequest,
  options: EvaluateOptions = {},
): boolean | Promise<boolean> {
  return compilePredicate(predicate, options)(createRequestView(request), options.inject);
}
