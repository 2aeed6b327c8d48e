import { type ImposterAddress, noSuchImposterResponse, objectName } from "@mockctl/contract";
import type { RawHttpRequest, ResponseDescription } from "@mockctl/core";
import { decodeRequestBody, type ImposterEngine, normalizeRequest } from "@mockctl/core";
import { answer, type Hit } from "./answer.ts";
import { countStateless } from "./counting.ts";
import { toRawRequest, withReadBody } from "./incoming.ts";
import { load } from "./loading.ts";
import { toResponse } from "./outgoing.ts";
import { rateLimitOf, take, tooManyRequests } from "./rate-limit.ts";
import { lookup, type Served } from "./registry.ts";
import { hasKey, keyRequired, withoutKey } from "./required-key.ts";
import { MEMO_BODY_LIMIT, memoFor, memoKey, type RouteMemo, withBody } from "./route-memo.ts";

export { FLUSH_MS } from "./counting.ts";

type Known = Pick<Hit, "env" | "ctx" | "name">;

/** What serveFrom has settled before the request is read: where it goes and how it is remembered. */
interface Route {
  known: Known;
  served: Served;
  engine: ImposterEngine;
  requireKey: ImposterEngine["imposter"]["requireKey"];
  target: string;
}

function serveFrom(
  served: Served,
  request: Request,
  known: Known,
  target: string,
): Response | Promise<Response> {
  const engine = served.engine;
  if (engine === null) return toResponse(noSuchImposterResponse());
  // Before the memo, so a remembered answer is never given without the key; not counted, as mb counts
  // only the requests its imposter sees.
  const requireKey = engine.imposter.requireKey;
  if (requireKey !== undefined && !hasKey(request, requireKey)) return keyRequired(requireKey);
  const route: Route = { known, served, engine, requireKey, target };
  const memo = memoFor(engine);
  if (memo === null) return serveFresh(route, toRawRequest(request, target), null, "");
  const line = memoKey(memo, request.method, target, request.headers);
  if (!memo.body) return serveKeyed(route, memo, line, () => toRawRequest(request, target));
  if (request.body === null)
    return serveKeyed(route, memo, withBody(line, ""), () => toRawRequest(request, target));
  // The remembered answer is keyed by the body's text, which an encoded body's bytes are not.
  if (request.headers.has("content-encoding"))
    return serveFresh(route, toRawRequest(request, target), null, "");
  return request.arrayBuffer().then((buffer) => {
    const body = decodeRequestBody(buffer);
    const read = () => withReadBody(request, target, body);
    if (body.length > MEMO_BODY_LIMIT) return serveFresh(route, read(), null, "");
    return serveKeyed(route, memo, withBody(line, body), read);
  });
}

/** The remembered answer under `line`, or the request read (by `read`), matched and then remembered. */
function serveKeyed(
  route: Route,
  memo: RouteMemo,
  line: string,
  read: () => RawHttpRequest | Promise<RawHttpRequest>,
): Response | Promise<Response> {
  const remembered: ResponseDescription | undefined = memo.answers.get(line);
  if (remembered === undefined) return serveFresh(route, read(), memo, line);
  const { env, ctx, name } = route.known;
  countStateless(env, ctx, name);
  return toResponse(remembered);
}

function serveFresh(
  route: Route,
  raw: RawHttpRequest | Promise<RawHttpRequest>,
  memo: RouteMemo | null,
  line: string,
): Response | Promise<Response> {
  const { known, served, engine, requireKey, target } = route;
  const hit = (read: RawHttpRequest): Hit => {
    const seen = requireKey === undefined ? read : withoutKey(read, requireKey);
    return { ...known, entry: served, engine, request: normalizeRequest(seen), memo, line, target };
  };
  if (raw instanceof Promise) return raw.then((read) => answer(hit(read)));
  return answer(hit(raw));
}

let workspace: string | undefined;
const names = new Map<number, string>();

/**
 * The object name of the imposter an address names. The short forms name the default workspace's, made once
 * per port rather than per request; an address that carries its workspace names that workspace's.
 */
function nameOf(env: Env, address: ImposterAddress): string {
  if (address.workspace !== undefined) return objectName(address.workspace, address.port);
  if (env.WORKSPACE !== workspace) {
    workspace = env.WORKSPACE;
    names.clear();
  }
  let name = names.get(address.port);
  if (name === undefined) {
    name = objectName(env.WORKSPACE, address.port);
    names.set(address.port, name);
  }
  return name;
}

export function serveImposter(
  request: Request,
  env: Env,
  ctx: ExecutionContext,
  address: ImposterAddress,
): Response | Promise<Response> {
  const name = nameOf(env, address);
  const limit = rateLimitOf(env);
  if (limit > 0) {
    const retryAfter = take(name, limit, Date.now());
    if (retryAfter > 0) return tooManyRequests(limit, retryAfter);
  }
  const known = { env, ctx, name };
  const served = lookup(name);
  if (served !== undefined) return serveFrom(served, request, known, address.target);
  return load(env, ctx, name).then((loaded) => serveFrom(loaded, request, known, address.target));
}
