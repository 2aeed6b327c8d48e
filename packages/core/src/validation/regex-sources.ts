import { walkPredicates } from "./predicate-walk.ts";
import { field, isObjectLike } from "./values.ts";

/**
 * Every string of a stub that will be compiled as a regular expression: the values under each
 * predicate's `matches` (at any depth, e.g. `matches: { body: { a: "^x" } }`), every `except`, regex
 * selectors of copy and lookup behaviors, and predicateGenerators' `except`.
 */
export function regexSources(stub: unknown): string[] {
  const sources: string[] = [];
  walkPredicates(field(stub, "predicates"), (node) => {
    collectStrings(field(node, "matches"), sources);
    pushString(field(node, "except"), sources);
    return true;
  });
  const responses = field(stub, "responses");
  for (const response of Array.isArray(responses) ? responses : []) {
    const behaviors = field(response, "behaviors");
    for (const behavior of Array.isArray(behaviors) ? behaviors : []) {
      pushRegexSelector(field(field(behavior, "copy"), "using"), sources);
      pushRegexSelector(field(field(field(behavior, "lookup"), "key"), "using"), sources);
    }
    const generators = field(field(response, "proxy"), "predicateGenerators");
    for (const generator of Array.isArray(generators) ? generators : []) {
      pushString(field(generator, "except"), sources);
    }
  }
  return sources;
}

function pushRegexSelector(using: unknown, sources: string[]): void {
  if (field(using, "method") === "regex") pushString(field(using, "selector"), sources);
}

function pushString(value: unknown, sources: string[]): void {
  if (typeof value === "string") sources.push(value);
}

/** String leaves of a JSON value, walked without recursion so that deep nesting cannot overflow. */
export function collectStrings(value: unknown, sources: string[]): void {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === "string") sources.push(next);
    else if (isObjectLike(next)) for (const child of Object.values(next)) pending.push(child);
  }
}
