import type { MbError } from "../errors.ts";
import { walkPredicates } from "./predicate-walk.ts";
import { field, isRecord } from "./values.ts";

export const INJECTION_NOT_ALLOWED =
  "JavaScript injection is not allowed unless mb is run with the --allowInjection flag";
export const SHELL_NOT_ALLOWED =
  "Shell execution is not allowed unless mb is run with the --allowInjection flag";
/** The same words as behaviors/shell-transform.ts, which refuses it again at request time. */
export const SHELL_UNSUPPORTED =
  "shellTransform is not supported: mockctl runs on Workers, which cannot run shell commands";

const injectionError = (message: string, source: unknown): MbError => ({
  code: "invalid injection",
  message,
  source,
});

/**
 * The `--allowInjection` gate for one stub (mb's `dryRunValidator.addStubInjectionErrors`), with the
 * platform's changes: the whole predicate tree is searched, not only its top level (mb runs a nested
 * `inject` without the flag), and shellTransform is refused even when injection is allowed.
 */
export function stubInjectionErrors(stub: unknown, allowInjection: boolean): MbError[] {
  const shell = responsesOf(stub).some((response) => hasBehavior(response, "shellTransform"));
  if (allowInjection) return shell ? [injectionError(SHELL_UNSUPPORTED, stub)] : [];
  const errors: MbError[] = [];
  if (hasJavaScript(stub)) errors.push(injectionError(INJECTION_NOT_ALLOWED, stub));
  if (shell) errors.push(injectionError(SHELL_NOT_ALLOWED, stub));
  return errors;
}

/** mb also gates the tcp-only `endOfRequestResolver.inject` on any imposter, http ones included. */
export function imposterInjectionErrors(imposter: unknown, allowInjection: boolean): MbError[] {
  const resolver = field(imposter, "endOfRequestResolver");
  if (allowInjection || !field(resolver, "inject")) return [];
  return [injectionError(INJECTION_NOT_ALLOWED, resolver)];
}

function hasJavaScript(stub: unknown): boolean {
  return predicatesInject(field(stub, "predicates")) || responsesOf(stub).some(responseInjects);
}

/**
 * Any `inject` key anywhere in the tree counts, even an empty one or one beside another operator, since
 * the evaluator may reach it; mb only tests the truthiness of top-level ones.
 */
function predicatesInject(predicates: unknown): boolean {
  let found = false;
  walkPredicates(predicates, (node) => {
    found = field(node, "inject") !== undefined;
    return !found;
  });
  return found;
}

/**
 * mb's tests, truthiness included: a string `wait` of any content is a function to it. An `is` marked as
 * a template (`_template`, ours) counts too: eta templates are JavaScript and run where `inject` runs.
 */
function responseInjects(response: unknown): boolean {
  const proxy = field(response, "proxy");
  const generators = field(proxy, "predicateGenerators");
  return (
    Boolean(field(response, "inject")) ||
    field(field(response, "is"), "_template") !== undefined ||
    hasBehavior(response, "decorate") ||
    hasBehavior(response, "wait", (value) => typeof value === "string") ||
    (Array.isArray(generators) && generators.some((generator) => Boolean(field(generator, "inject")))) ||
    Boolean(field(proxy, "addDecorateBehavior"))
  );
}

function hasBehavior(
  response: unknown,
  type: string,
  accept: (value: unknown) => boolean = () => true,
): boolean {
  const behaviors = field(response, "behaviors");
  if (!Array.isArray(behaviors)) return false;
  return behaviors.some((behavior) => {
    const value = field(behavior, type);
    return value !== undefined && accept(value);
  });
}

function responsesOf(stub: unknown): unknown[] {
  const responses = isRecord(stub) ? stub.responses : undefined;
  return Array.isArray(responses) ? responses : [];
}
