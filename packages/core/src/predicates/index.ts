export type { CompileOptions, EvaluateOptions, OperatorCompiler } from "./compile.ts";
export { compilePredicate, evaluatePredicate, OPERATORS, operatorOf } from "./compile.ts";
export * from "./fold.ts";
export type { CompiledPredicate, PredicateInjector, RequestView } from "./types.ts";
