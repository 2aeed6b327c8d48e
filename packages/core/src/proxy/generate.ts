import type { z } from "zod";
import { MbFailure } from "../errors.ts";
import type { MbRequest } from "../schemas/request.ts";
import type { PredicateGeneratorSchema } from "../schemas/response.ts";
import { selectJsonPath } from "../select/jsonpath.ts";
import { compileXPath, parseXml } from "../select/xpath.ts";

export type PredicateGenerator = z.infer<typeof PredicateGeneratorSchema>;

/**
 * Runs a generator's `inject` function (mb calls it with `config = { request, logger }`) and resolves
 * to the predicates it returned. The platform supplies it; without one an `inject` generator fails.
 */
export type GeneratorInjector = (source: string, request: MbRequest) => Promise<unknown>;

type Json = Record<string, unknown>;
type ValueOf = (field: unknown) => unknown;

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null;
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** mb's selectionValue: nothing is '', one node is itself, several stay an array, counts stay counts. */
function selectionValue(nodes: unknown): unknown {
  if (nodes === undefined || nodes === null) return "";
  if (!Array.isArray(nodes)) return nodes;
  return nodes.length === 1 ? nodes[0] : nodes;
}

function valueOfFor(generator: PredicateGenerator): ValueOf {
  // mb keeps the last of jsonpath/xpath in key order (responseResolver.predicatesFor).
  let select: ValueOf = (field) => field;
  for (const key of Object.keys(generator)) {
    const { jsonpath, xpath } = generator;
    if (key === "jsonpath" && jsonpath) {
      select = (field) => selectionValue(selectJsonPath(jsonpath.selector, field));
    } else if (key === "xpath" && xpath) {
      const xpathOf = compileXPath(xpath.selector, xpath.ns);
      select = (field) => selectionValue(typeof field === "string" ? xpathOf(parseXml(field)) : undefined);
    }
  }
  return select;
}

/** mb's helpers.objFilter: deletes the ignored keys in place (a string, a list, or a nested map). */
function ignoreKeys(target: unknown, filter: unknown): unknown {
  if (!isObject(target) || filter === undefined) return target;
  if (typeof filter === "string") {
    delete target[filter];
  } else if (Array.isArray(filter)) {
    for (const key of filter) if (target[key]) ignoreKeys(target, key);
  } else if (isObject(filter)) {
    for (const key of Object.keys(filter)) if (target[key]) ignoreKeys(target[key], filter[key]);
  }
  return target;
}

/**
 * The request's header named `name` in any case. mb reads the client's headers in the case they were sent,
 * so a generator's `X-Tenant` finds a client's `X-Tenant`; the platform's request headers are lower-cased,
 * and an exact lookup would find nothing (and save a predicate that matches every request).
 */
function headerKey(headers: Json, name: string): string | undefined {
  if (Object.hasOwn(headers, name)) return name;
  const lower = name.toLowerCase();
  return Object.keys(headers).find((key) => key.toLowerCase() === lower);
}

/**
 * How a header generator finds and saves header names: in any case, saved as the generator spells them;
 * or, when the saved predicate will compare names by case, saved as the request spells them, which is the
 * only spelling that matches here (mb keeps the client's case, which its generator then names).
 */
type HeaderNames = "exact" | "as-generator" | "as-request";

/** mb's buildEquals: one level per nested matcher key, the selected value at each leaf. */
function buildEquals(
  actual: unknown,
  matchers: unknown,
  select: ValueOf,
  names: HeaderNames = "exact",
): Json {
  const result: Json = {};
  for (const key of Object.keys(isObject(matchers) ? matchers : {})) {
    const found = isObject(actual) ? (names === "exact" ? key : headerKey(actual, key)) : undefined;
    const value = isObject(actual) && found !== undefined ? actual[found] : undefined;
    const saved = names === "as-request" && found !== undefined ? found : key;
    result[saved] = isObject(value) ? buildEquals(value, (matchers as Json)[key], select) : select(value);
  }
  return result;
}

/** `ignore`'s header names, as the request's headers spell them (the names not there are left as given). */
function ignoredHeaders(headers: unknown, filter: unknown): unknown {
  if (!isObject(headers)) return filter;
  const spelled = (name: unknown) => (typeof name === "string" ? (headerKey(headers, name) ?? name) : name);
  if (typeof filter === "string") return spelled(filter);
  return Array.isArray(filter) ? filter.map(spelled) : filter;
}

function fromMatches(request: Json, generator: PredicateGenerator): Json[] {
  const base: Json = {};
  for (const [key, value] of Object.entries(generator)) {
    if (key !== "matches" && key !== "predicateOperator" && key !== "ignore") base[key] = value;
  }
  const select = valueOfFor(generator);
  const operator = generator.predicateOperator;
  return Object.entries(generator.matches ?? {}).map(([field, matcher]) => {
    const predicate = clone(base);
    const headers = field === "headers";
    if (matcher === true && operator === undefined) {
      const filter = generator.ignore?.[field];
      const ignored =
        generator.ignore === undefined
          ? request[field]
          : ignoreKeys(request[field], headers ? ignoredHeaders(request[field], filter) : filter);
      predicate.deepEquals = { [field]: select(ignored) };
    } else if (operator !== undefined) {
      // mb's predicateOperator quirk (responseResolver.js:196-200): the whole request under the operator.
      predicate[operator] = operator === "exists" ? existsOf(request) : select(request);
    } else {
      const byCase = generator.caseSensitive === true && generator.keyCaseSensitive !== false;
      const names: HeaderNames = headers ? (byCase ? "as-request" : "as-generator") : "exact";
      predicate.equals = { [field]: buildEquals(request[field], matcher, select, names) };
    }
    return predicate;
  });
}

/** For `predicateOperator: "exists"` mb marks every leaf of the request `true`. */
function existsOf(value: Json): Json {
  const result: Json = {};
  for (const [key, child] of Object.entries(value)) result[key] = isObject(child) ? existsOf(child) : true;
  return result;
}

/**
 * The predicates a proxy records for one request, in mb's order (responseResolver.predicatesFor): one per
 * `matches` key of each generator, carrying the generator's other options (`caseSensitive`, `except`,
 * `jsonpath`, `xpath`), or whatever an `inject` generator returns. Like mb, `ignore` deletes from the
 * request copy it works on, so later generators do not see the ignored keys either.
 */
export async function generatePredicates(
  request: MbRequest,
  generators: readonly PredicateGenerator[],
  inject?: GeneratorInjector,
): Promise<unknown[]> {
  const copy = clone(request) as unknown as Json;
  const predicates: unknown[] = [];
  for (const generator of generators) {
    if (generator.inject) {
      predicates.push(...(await injected(generator.inject, copy as unknown as MbRequest, inject)));
    } else {
      predicates.push(...fromMatches(copy, generator));
    }
  }
  return clone(predicates);
}

async function injected(source: string, request: MbRequest, inject?: GeneratorInjector): Promise<unknown[]> {
  const failure = (data: string) =>
    new MbFailure({
      code: "invalid injection",
      message: "invalid predicateGenerator injection",
      source,
      data,
    });
  if (!inject) throw failure("injection is not available here");
  const result = await inject(source, request);
  if (!Array.isArray(result)) throw failure("the function must return an array of predicates");
  return result;
}
