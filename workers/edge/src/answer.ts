import type { ImposterEngine, MbRequest } from "@mockctl/core";
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
import { objectFor, plainRequest, tooLargeForObject } from "./object-stub.ts";
import { toResponse } from "./outgoing.ts";
import { proxies, proxyDeps } from "./proxy/forward.ts";
import { loopbackFor } from "./proxy/loopback.ts";
import type { Served } from "./registry.ts";
import { type RouteMemo, remember } from "./route-memo.ts";
import { isStrict } from "./strict-mode.ts";

/** One request on its way through an imposter. */
export interface Hit {
  env: Env;
  ctx: ExecutionContext;
  name: string;
  /** The registry entry served from: its engine, and its workspace's data sources. */
  entry: Served;
  engine: ImposterEngine;
  request: MbRequest;
  /** Where to remember a stateless answer, under `line` (its memo key); null when it cannot be memoized. */
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

/** A call that fails (the object reset, its storage full) is answered in mb's envelope, not workerd's bare 500. */
function viaObject(hit: Hit): Promise<Response> {
  const refused = tooLargeForObject(hit.request);
  if (refused !== undefined) return Promise.resolve(toResponse(refused));
  const call = objectFor(hit.env, hit.name).handle(plainRequest(hit.request), hit.target);
  return call.then(toResponse, (error: unknown) => toResponse(failed(error)));
}

/**
 * Stateless stubs are answered here from the registry; a stub that changes state (cycling, repeat,
 * recording), an imposter that records requests, keeps user state or is strict goes to the object,
 * which serializes them. Written with `then` rather than async functions so a match that is synchronous
 * (no injected predicate) costs no extra turns of the microtask queue.
 */
export function answer(hit: Hit): Response | Promise<Response> {
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
  const userCode = frontDoorDeps(env, engine, dataSourcesOf(hit), hit.entry.workspace);
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
