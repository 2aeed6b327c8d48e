export { explainRequest } from "./explain.ts";
export type {
  DescribedPredicate,
  ExplainOptions,
  Explanation,
  FailureOperator,
  NearMiss,
  PredicateFailure,
} from "./types.ts";
