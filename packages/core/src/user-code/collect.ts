import type { Imposter } from "../schemas/imposter.ts";
import type { StubResponse } from "../schemas/response.ts";
import { walkPredicates } from "../validation/predicate-walk.ts";
import { field } from "../validation/values.ts";
import type { UserCodeKind, UserFunction } from "./types.ts";

/**
 * Every user function an imposter can call, once each, in document order: predicate `inject`s anywhere
 * in a predicate tree, response `inject`s, proxy predicate generators' `inject`s, `decorate` behaviors (a proxy's `addDecorateBehavior` too,
 * since the responses it records will call it) and `wait` strings that are functions. The sources are
 * the strings the core hands its seams, so the platform can find each one's module by (kind, source).
 */
export function userFunctionsOf(imposter: Imposter): UserFunction[] {
  const found = new UserFunctionSet();
  for (const stub of imposter.stubs) {
    walkPredicates(stub.predicates, (node) => {
      const inject = field(node, "inject");
      // The core calls its seam with String(inject); an absent or empty one never runs.
      if (inject !== undefined && inject !== "") found.add("predicate", String(inject));
      return true;
    });
    for (const response of stub.responses) addResponse(found, response);
  }
  return found.list();
}

function addResponse(found: UserFunctionSet, response: StubResponse) {
  if (response.inject) found.add("response", response.inject);
  const recorded = response.proxy?.addDecorateBehavior;
  if (recorded) found.add("decorate", recorded);
  for (const generator of response.proxy?.predicateGenerators ?? []) {
    if (generator.inject) found.add("generator", generator.inject);
  }
  for (const behavior of response.behaviors ?? []) {
    if (typeof behavior.decorate === "string") found.add("decorate", behavior.decorate);
    if (typeof behavior.wait === "string" && isWaitFunction(behavior.wait)) found.add("wait", behavior.wait);
  }
}

/** The core's rule (behaviors/wait.ts): a wait value is a function only when parseInt finds no number. */
export function isWaitFunction(value: string): boolean {
  // biome-ignore lint/correctness/useParseIntRadix: the same radix-less parseInt Mountebank runs.
  return Number.isNaN(Number.parseInt(value));
}

/** An insertion-ordered set of (kind, source) pairs. */
export class UserFunctionSet {
  private readonly byKey = new Map<string, UserFunction>();

  constructor(functions: Iterable<UserFunction> = []) {
    for (const fn of functions) this.add(fn.kind, fn.source);
  }

  add(kind: UserCodeKind, source: string): void {
    const key = userFunctionKey(kind, source);
    if (!this.byKey.has(key)) this.byKey.set(key, { kind, source });
  }

  has(kind: UserCodeKind, source: string): boolean {
    return this.byKey.has(userFunctionKey(kind, source));
  }

  list(): UserFunction[] {
    return [...this.byKey.values()];
  }
}

export const userFunctionKey = (kind: UserCodeKind, source: string): string => `${kind}:${source}`;
