import type { MbError } from "../errors.ts";
import type { UserCodeKind } from "./types.ts";

const MESSAGES: Record<UserCodeKind, string> = {
  predicate: "invalid predicate injection",
  response: "invalid response injection",
  decorate: "invalid decorator injection",
  wait: "invalid wait injection",
  generator: "invalid predicateGenerator injection",
};

/**
 * The expression Mountebank evals for each kind, which it reports as the error's `source`
 * (predicates.js, responseResolver.js, behaviors.js). A wait function reports its bare source.
 */
export function invocationOf(kind: UserCodeKind, source: string): string {
  switch (kind) {
    case "predicate":
      return `(${source})(config, logger, imposterState);`;
    case "response":
      return `(${source})(config, injectState, logger, done, imposterState);`;
    case "decorate":
      return `(${source})(config, response, logger);`;
    case "wait":
      return source;
    case "generator":
      return `(${source})(config);`;
  }
}

/**
 * Mountebank's InjectionError for a user function that failed: `data` is the thrown value's `message`,
 * left out (as JSON.stringify leaves out undefined) when it has none, e.g. for `throw "text"`.
 */
export function userCodeError(kind: UserCodeKind, source: string, data: string | undefined): MbError {
  const error: MbError = {
    code: "invalid injection",
    message: MESSAGES[kind],
    source: invocationOf(kind, source),
  };
  if (data !== undefined) error.data = data;
  return error;
}
