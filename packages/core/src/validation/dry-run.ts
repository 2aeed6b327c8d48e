import { selectValues } from "../behaviors/select-values.ts";
import { badData, type MbError, MbFailure } from "../errors.ts";
import { errorMessage } from "../predicates/fold.ts";
import { compilePredicate } from "../predicates/index.ts";
import { compileUserRegex } from "../regex/index.ts";
import { createRequestView } from "../request/view.ts";
import type { Copy } from "../schemas/behavior.ts";
import { PREDICATE_OPERATORS } from "../schemas/operators.ts";
import type { Predicate } from "../schemas/predicate.ts";
import type { MbRequest } from "../schemas/request.ts";
import type { Stub } from "../schemas/response.ts";
import { jsonPathScriptProblem } from "../select/jsonpath-script.ts";
import { walkPredicates } from "./predicate-walk.ts";
import { collectStrings } from "./regex-sources.ts";
import { isRecord } from "./values.ts";

type Using = Copy["using"];

/** mb's http test request; `isDryRun` makes predicate `inject` nodes pass without running. */
const TEST_REQUEST = {
  requestFrom: "",
  method: "GET",
  path: "/",
  query: {},
  headers: {},
  form: {},
  body: "",
  ip: "",
  isDryRun: true,
} as MbRequest;
/** The same with an XML body: our parser yields no document for mb's empty body, so xpath never ran. */
const XML_REQUEST = { ...TEST_REQUEST, body: "<mockctl-dry-run/>" } as MbRequest;

const OPERATORS: ReadonlySet<string> = new Set(PREDICATE_OPERATORS);
const LOGICAL: ReadonlySet<string> = new Set(["not", "or", "and"]);
/** Text each selector method is tried on: XML, so that a malformed xpath is parsed and reported. */
const PROBE: Record<Using["method"], string> = { regex: "", xpath: "<mockctl-dry-run/>", jsonpath: "{}" };

/**
 * mb's dry run, done statically on a schema-valid stub: the first error that compiling and running
 * what a request would run raises, as a 400. Stricter than mb in three ways, so that fewer requests
 * fail later: every predicate node is run on its own (an `or` cannot hide a broken child), every
 * pattern is compiled even where the test request would not reach it, and copy/lookup selectors and
 * predicateGenerators' `except` are checked (mb skips behaviors in its dry run, and a bad copy regex
 * then fails each matching request with a 500).
 */
export function dryRunStub(stub: Stub): MbError | undefined {
  return predicateError(stub) ?? patternError(stub) ?? responsesError(stub);
}

function predicateError(stub: Stub): MbError | undefined {
  let error: MbError | undefined;
  walkPredicates(stub.predicates, (node) => {
    if (isRecord(node) && !LOGICAL.has(operatorOf(node) ?? "")) error = runLeaf(node as Predicate, stub);
    return error === undefined;
  });
  return error;
}

/** The key that names the node's operator: its first own key that is one, as the evaluator picks it. */
function operatorOf(node: Record<string, unknown>): string | undefined {
  return Object.keys(node).find((key) => OPERATORS.has(key));
}

function runLeaf(predicate: Predicate, stub: Stub): MbError | undefined {
  try {
    const compiled = compilePredicate(predicate);
    for (const request of predicate.xpath ? [TEST_REQUEST, XML_REQUEST] : [TEST_REQUEST]) {
      const result = compiled(createRequestView(request));
      // Only an injector makes a Promise, and there is none here; never leave a rejection unhandled.
      if (typeof result !== "boolean") result.catch(() => undefined);
    }
    return undefined;
  } catch (error) {
    return asError(error, stub);
  }
}

/** Patterns the evaluator compiles: `except` of any node, `matches` values where matches is the operator. */
function patternError(stub: Stub): MbError | undefined {
  const sources: string[] = [];
  walkPredicates(stub.predicates, (node) => {
    if (!isRecord(node)) return true;
    if (operatorOf(node) === "matches") collectStrings(node.matches, sources);
    if (typeof node.except === "string") sources.push(node.except);
    return true;
  });
  const scriptError = jsonPathScriptsError(stub);
  if (scriptError !== undefined) return scriptError;
  for (const source of sources) {
    try {
      compileUserRegex(source, "");
    } catch (error) {
      return badData(errorMessage(error), source);
    }
  }
  return undefined;
}

/** A jsonpath predicate whose filter script uses a regex that is not provably linear (issue 15). */
function jsonPathScriptsError(stub: Stub): MbError | undefined {
  let error: MbError | undefined;
  walkPredicates(stub.predicates, (node) => {
    const selector = isRecord(node) && isRecord(node.jsonpath) ? node.jsonpath.selector : undefined;
    const problem = typeof selector === "string" ? jsonPathScriptProblem(selector) : undefined;
    if (problem !== undefined) error = badData(problem, selector);
    return error === undefined;
  });
  return error;
}

function responsesError(stub: Stub): MbError | undefined {
  for (const response of stub.responses) {
    for (const behavior of response.behaviors ?? []) {
      const error =
        selectorError("copy", behavior.copy?.using, behavior) ??
        selectorError("lookup", behavior.lookup?.key.using, behavior, "key.");
      if (error) return error;
    }
    for (const generator of response.proxy?.predicateGenerators ?? []) {
      if (generator.except === undefined) continue;
      try {
        compileUserRegex(generator.except, "g");
      } catch (error) {
        return badData(
          `predicateGenerator "except" field is not a valid regular expression: ${reason(error)}`,
          generator,
        );
      }
    }
  }
  return undefined;
}

function selectorError(
  kind: string,
  using: Using | undefined,
  behavior: unknown,
  prefix = "",
): MbError | undefined {
  if (!using) return undefined;
  try {
    const problem = using.method === "jsonpath" ? jsonPathScriptProblem(using.selector) : undefined;
    if (problem !== undefined) throw new Error(problem);
    selectValues(PROBE[using.method], using);
    return undefined;
  } catch (error) {
    return badData(
      `${kind} behavior "${prefix}using.selector" field is not a valid ${using.method} selector: ${reason(error)}`,
      behavior,
    );
  }
}

/** mb reports its own errors as they are; anything else that escapes its dry run carries the stub as text. */
function asError(error: unknown, stub: Stub): MbError {
  if (error instanceof MbFailure && error.errors[0]) return error.errors[0];
  return badData(errorMessage(error), JSON.stringify(stub));
}

function reason(error: unknown): string {
  return error instanceof MbFailure ? (error.errors[0]?.message ?? error.message) : errorMessage(error);
}
