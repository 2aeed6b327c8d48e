import { MbFailure } from "../errors.ts";
import type { MbRequest } from "../schemas/request.ts";
import type { IsResponse, Proxy as ProxyConfig, Stub, StubResponse } from "../schemas/response.ts";
import { DEFAULT_LIMITS, type Limits, limitExceeded, stubCountError } from "../validation/limits.ts";
import { type GeneratorInjector, generatePredicates } from "./generate.ts";
import { withInjectedHeaders } from "./origin.ts";

export type ProxyMode = "proxyOnce" | "proxyAlways" | "proxyTransparent";

/** mb replaces any mode it does not know with proxyOnce (responseResolver.proxyAndRecord). */
export function proxyMode(proxy: ProxyConfig): ProxyMode {
  const mode = proxy.mode;
  return mode === "proxyAlways" || mode === "proxyTransparent" ? mode : "proxyOnce";
}

/**
 * The response a proxy saves (mb's newIsResponse): the proxied answer as an `is`, `_proxyResponseTime`
 * included, then a `wait` of that time when `addWaitBehavior` is set and the time is not 0, then the
 * `addDecorateBehavior` function as a `decorate`, which runs on every replay, not on this answer.
 */
export function savedResponse(answer: IsResponse, proxy: ProxyConfig): StubResponse {
  const saved: StubResponse = { is: answer };
  const behaviors: NonNullable<StubResponse["behaviors"]> = [];
  if (proxy.addWaitBehavior && answer._proxyResponseTime) behaviors.push({ wait: answer._proxyResponseTime });
  if (proxy.addDecorateBehavior) behaviors.push({ decorate: proxy.addDecorateBehavior });
  if (behaviors.length > 0) saved.behaviors = behaviors;
  return saved;
}

/**
 * What recording changed: the new stub list, where a stub was inserted (cursors after it move), and the
 * stub that holds the saved answer (the inserted one, or the one it was appended to).
 */
export interface Recorded {
  stubs: Stub[];
  insertedAt?: number;
  savedAt: number;
}

/**
 * A recording may not take an imposter past the limits its definition was accepted under (mb has none):
 * the request then fails, with the limit's error, and nothing is saved.
 */
function withinLimits(recorded: Recorded, limits: Limits): Recorded {
  const tooMany = stubCountError(recorded.stubs.length, limits);
  if (tooMany) throw new MbFailure(tooMany);
  const responses = recorded.stubs[recorded.savedAt]?.responses.length ?? 0;
  if (responses > limits.maxResponsesPerStub) {
    const max = limits.maxResponsesPerStub;
    throw new MbFailure(
      limitExceeded(
        "maxResponsesPerStub",
        max,
        responses,
        `a stub may have at most ${max} responses; this one would have ${responses}`,
      ),
    );
  }
  return recorded;
}

/** safe-stable-stringify, as mb compares predicates: keys sorted, so key order does not matter. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => stable(item ?? null)).join(",")}]`;
  if (typeof value !== "object" || value === null) return JSON.stringify(value) ?? "null";
  const entries = Object.entries(value)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stable(item)}`).join(",")}}`;
}

/**
 * Saves one proxied answer in mb's positions (responseResolver.recordProxyResponse): proxyOnce inserts a
 * new stub just in front of the proxy stub, so the next such request is answered from it; proxyAlways
 * appends the response to the first stub after the proxy stub whose predicates equal the generated ones,
 * or adds a new stub at the end; proxyTransparent saves nothing. `stubIndex` is the proxy stub's position.
 */
export async function recordProxyResponse(
  stubs: readonly Stub[],
  stubIndex: number,
  proxy: ProxyConfig,
  request: MbRequest,
  answer: IsResponse,
  inject?: GeneratorInjector,
  limits: Limits = DEFAULT_LIMITS,
): Promise<Recorded | undefined> {
  const mode = proxyMode(proxy);
  if (mode === "proxyTransparent") return undefined;
  const predicates = (await generatePredicates(
    withInjectedHeaders(request, proxy),
    proxy.predicateGenerators ?? [],
    inject,
  )) as Stub["predicates"];
  const response = savedResponse(answer, proxy);
  if (mode === "proxyOnce") {
    const next = [
      ...stubs.slice(0, stubIndex),
      { predicates, responses: [response] },
      ...stubs.slice(stubIndex),
    ];
    return withinLimits({ stubs: next, insertedAt: stubIndex, savedAt: stubIndex }, limits);
  }
  const wanted = stable(predicates);
  const same = stubs.findIndex((stub, i) => i > stubIndex && stable(stub.predicates ?? []) === wanted);
  if (same < 0)
    return withinLimits(
      { stubs: [...stubs, { predicates, responses: [response] }], savedAt: stubs.length },
      limits,
    );
  const target = stubs[same] as Stub;
  const appended = stubs.with(same, { ...target, responses: [...target.responses, response] });
  return withinLimits({ stubs: appended, savedAt: same }, limits);
}
