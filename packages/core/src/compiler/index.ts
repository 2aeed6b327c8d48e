export { analyzePredicate, analyzeStub } from "./analyze.ts";
export {
  type CompiledImposter,
  type CompiledStub,
  type CompileImposterOptions,
  compileImposter,
} from "./compile-imposter.ts";
export type { Analysis, Constraint, EqSpec, LiteralAlternative } from "./constraints.ts";
export { type RequiredLiteral, requiredLiteral } from "./regex-literal.ts";
export { RouteIndex } from "./route-index.ts";
