import { type ImposterAddress, noSuchImposterResponse, objectName } from "@mockctl/contract";
import type { MbRequest, RawHttpRequest, ResponseDescription } from "@mockctl/core";
import { type ImposterEngine, normalizeRequest } from "@mockctl/core";
import {
  frontDoorDeps,
  isStateNeeded,
  markNeedsObject,
  needsObjectForUserCode,
  runsUserCode,
} from "@mockctl/user-code/edge";
import { countStateless } from "./counting.ts";
import { dataSourceDeps } from "./data-sources.ts";
import { failed } from "./errors.ts";
import { toRawRequest } from "./incoming.ts";
import { load } from "./loading.ts";
import { objectFor, plainRequest } from "./object-stub.ts";
import { toResponse } from "./outgoing.ts";
import { proxies, proxyDeps } from "./proxy/forward.ts";
import { loopbackFor } from "./proxy/loopback.ts";
import { rateLimitOf, take, tooManyRequests } from "./rate-limit.ts";
import { lookup, type Served } from "./registry.ts";
import { hasKey, keyRequired, withoutKey } from "./required-key.ts";
import { memoFor, memoKey, type RouteMemo, remember } from "./route-memo.ts";
import { isStrict } from "./strict-mode.ts";

export { FLUSH_MS } from "./counting.ts";

/** One request on its way through an imposter. */
interface Hit {
  env: Env;
  ctx: ExecutionContext;
  name: string;
  /** The registry entry served from: its engine, and its workspace's data sources. */
  entry: Served;
  engine: ImposterEngine;
  request: MbRequest;
  /** Where to remember a stateless answer, under `line` (its memoKey); null when it cannot be memoized. */
  memo: RouteMemo | null;
  line: string;
  /** The raw path and query as sent, which a proxy forwards. */
  target: string;
}

/** The entry's workspace's uploaded data sources (in place of the default workspace's), kept on the entry. */
function dataSourcesOf({ env, entry }: Hit) {
  if (entry.dataSources?.env !== env) {
    entry.dataSources = { env, deps: dataSourceDeps(env, entry.workspace) };
  }
  return entry.dataSources.deps;
}

function failedAfterCount(hit: Hit, error: unknown): Response | Promise<Response> {
  countStateless(hit.env, hit.ctx, hit.name); // mb counts a request before matching it
  return toResponse(failed(error));
}

const viaObject = (hit: Hit): Promise<Response> =>
  objectFor(hit.env, hit.name).handle(plainRequest(hit.request), hit.target).then(toResponse);

/**
 * Stateless stubs are answered here from the registry; a stub that changes state (cycling, repeat,
 * recording), an imposter that records requests, keeps user state or is strict goes to the object,
 * which serializes them. Written with `then` rather than async functions so a match that is synchronous
 * (no injected predicate) costs no extra turns of the microtask queue.
 */
function answer(hit: Hit): Response | Promise<Response> {
  if (needsObjectForUserCode(hit.engine) || isStrict(hit.engine)) return viaObject(hit);
  let stubIndex: number | Promise<number>;
  try {
    stubIndex = hit.engine.match(hit.request);
  } catch (error) {
    return failedAfterCount(hit, error);
  }
  if (typeof stubIndex === "number") return answerStub(hit, stubIndex);
  return stubIndex.then(
    (index) => answerStub(hit, index),
    (error: unknown) => failedAfterCount(hit, error),
  );
}

function answerStub(hit: Hit, stubIndex: number): Promise<Response> {
  const { env, ctx, name, engine, request, memo } = hit;
  if (engine.isStateful(stubIndex)) return viaObject(hit);
  if (runsUserCode(engine)) return answerWithUserCode(hit, stubIndex);
  countStateless(env, ctx, name);
  // A stateless stub may still proxy (proxyTransparent records nothing); never remembered, not frozen.
  const files = dataSourcesOf(hit);
  const deps = proxies(engine)
    ? { ...files, ...proxyDeps(env, hit.target, loopbackFor(env, ctx, hit.name)) }
    : files;
  return engine.resolve(stubIndex, request, deps).then(
    (result) => {
      if (memo !== null) remember(memo, hit.line, result.response);
      return toResponse(result.response);
    },
    (error: unknown) => toResponse(failed(error)),
  );
}

/**
 * A stateless stub of an imposter with user code: its functions run here without state, and one that
 * uses state sends this request, and every later one of this version, to the object. Counted only once
 * the answer is ours, so a request the object serves instead is counted there alone. Never remembered:
 * a function may answer differently every time.
 */
function answerWithUserCode(hit: Hit, stubIndex: number): Promise<Response> {
  const { env, ctx, name, engine, request } = hit;
  // Plain copies, as for the object: the request crosses into the user-code isolate over RPC.
  const userCode = frontDoorDeps(env, engine, dataSourcesOf(hit));
  const deps = proxies(engine)
    ? { ...userCode, ...proxyDeps(env, hit.target, loopbackFor(env, ctx, name)) }
    : userCode;
  return engine.resolve(stubIndex, plainRequest(request), deps).then(
    (result) => {
      countStateless(env, ctx, name);
      return toResponse(result.response);
    },
    (error: unknown) => {
      if (isStateNeeded(error)) {
        markNeedsObject(engine);
        return viaObject(hit);
      }
      countStateless(env, ctx, name);
      return toResponse(failed(error));
    },
  );
}

type Known = Pick<Hit, "env" | "ctx" | "name">;

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
  const key = engine.imposter.requireKey;
  if (key !== undefined && !hasKey(request, key)) return keyRequired(key);
  const memo = memoFor(engine);
  const line = memo === null ? "" : memoKey(memo, request.method, target, request.headers);
  const remembered: ResponseDescription | undefined = memo?.answers.get(line);
  if (remembered !== undefined) {
    countStateless(known.env, known.ctx, known.name);
    return toResponse(remembered);
  }
  const raw = toRawRequest(request, target);
  const hit = (read: RawHttpRequest): Hit => {
    const seen = key === undefined ? read : withoutKey(read, key);
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
