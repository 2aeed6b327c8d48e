import { applyBehaviors } from "../behaviors/apply.ts";
import { INJECTION_NOT_ALLOWED } from "../behaviors/types.ts";
import { MbFailure } from "../errors.ts";
import type { MbRequest } from "../schemas/request.ts";
import type { IsResponse, Proxy as ProxyConfig, StubResponse } from "../schemas/response.ts";
import { applyCors } from "./cors.ts";
import { renderIs } from "./render-is.ts";
import { FAULTS, type Fault, type ResolveContext, type ResolvedResponse } from "./types.ts";

function typeCount(response: StubResponse): number {
  return [response.is, response.proxy, response.inject, response.fault].filter(Boolean).length;
}

/** Runs the stub's behaviors on an `is` or injected response; Mountebank skips them for faults. */
function withBehaviors(base: IsResponse, response: StubResponse, request: MbRequest, ctx: ResolveContext) {
  return applyBehaviors(response.behaviors ?? [], request, base, ctx.deps);
}

async function injected(source: string, request: MbRequest, ctx: ResolveContext): Promise<IsResponse> {
  if (!ctx.deps.inject) {
    throw new MbFailure({ code: "invalid injection", message: INJECTION_NOT_ALLOWED, source });
  }
  return ctx.deps.inject(source, request);
}

/** Mountebank times the proxy call, then runs the behaviors before it records the result. */
async function proxied(proxy: ProxyConfig, request: MbRequest, ctx: ResolveContext): Promise<IsResponse> {
  if (!ctx.deps.proxy) {
    throw new MbFailure({
      code: "invalid proxy",
      message: `Unable to connect to ${JSON.stringify(proxy.to)}`,
    });
  }
  const start = Date.now();
  const answer = await ctx.deps.proxy(request, proxy);
  return { ...answer, _proxyResponseTime: Date.now() - start };
}

/**
 * Resolves one stub response to the description the adapter sends, in Mountebank's order
 * (responseResolver.resolve, then baseHttpServer.postProcess): produce the response (`is`, injection or
 * proxy), run the behaviors on it, and only then fill it in from defaultResponse and render it, so
 * behaviors never see default fields. A fault renders the default response; the adapter acts on `fault`
 * for the two faults it knows and, like Mountebank, sends that default response for any other value.
 */
export async function resolveResponse(
  response: StubResponse,
  request: MbRequest,
  ctx: ResolveContext,
): Promise<ResolvedResponse> {
  if (typeCount(response) > 1) {
    throw new MbFailure({
      code: "bad data",
      message: "each response object must have only one response type",
      source: response,
    });
  }
  let outcome: { response: IsResponse; waitMs: number };
  let recorded: IsResponse | undefined;
  if (response.is) {
    outcome = await withBehaviors(response.is, response, request, ctx);
  } else if (response.proxy) {
    outcome = await withBehaviors(await proxied(response.proxy, request, ctx), response, request, ctx);
    recorded = outcome.response;
  } else if (response.inject) {
    outcome = await withBehaviors(await injected(response.inject, request, ctx), response, request, ctx);
  } else if (response.fault) {
    outcome = { response: response as IsResponse, waitMs: 0 };
  } else {
    throw new MbFailure({ code: "bad data", message: "unrecognized response type", source: response });
  }

  let resolved: ResolvedResponse = renderIs(outcome.response, ctx.defaultResponse);
  if (ctx.allowCORS) resolved = applyCors(resolved, request);
  if (outcome.waitMs > 0) resolved.waitMs = outcome.waitMs;
  const fault = FAULTS.find((known) => known === response.fault) as Fault | undefined;
  if (fault) resolved.fault = fault;
  if (recorded && response.proxy) {
    resolved.proxied = recorded;
    resolved.proxy = response.proxy;
  }
  return resolved;
}
