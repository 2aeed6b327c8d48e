import { type ImposterAddress, noSuchImposterResponse, objectName } from "@mockctl/contract";
import type { ResponseDescription } from "@mockctl/core";
import { countStateless } from "./counting.ts";
import { fillLane } from "./express-lane.ts";
import { type Known, serveFresh, type Unanswered } from "./fresh-serving.ts";
import { bodyToKey } from "./keyed-body.ts";
import { load } from "./loading.ts";
import { lookUp, worthLooking } from "./memo-lookups.ts";
import { toResponse } from "./outgoing.ts";
import { rateLimitOf, take, tooManyRequests } from "./rate-limit.ts";
import { lookup, type Served } from "./registry.ts";
import { hasKey, keyRequired } from "./required-key.ts";
import { keyAfterLine, keyable, memoFor, memoKey, type RouteMemo } from "./route-memo.ts";

export { FLUSH_MS } from "./counting.ts";

/**
 * What the express lane found asking `memo` for a request it could not answer: the key after the line it
 * looked up, or null when the memo spared the request its lookup (memo-lookups.ts).
 */
export interface Keyed {
  readonly memo: RouteMemo;
  readonly afterLine: string | null;
}

/**
 * The memo is asked before anything is copied: the request is put in the core's form (its headers walked,
 * normalized) only when the memo has no answer.
 */
function serveFrom(
  served: Served,
  request: Request,
  known: Known,
  target: string,
  body: string | undefined,
  keyed: Keyed | undefined,
): Response | Promise<Response> {
  const engine = served.engine;
  if (engine === null) return toResponse(noSuchImposterResponse());
  // Before the memo, so a remembered answer is never given without the key; not counted, as mb counts
  // only the requests its imposter sees.
  const requireKey = engine.imposter.requireKey;
  if (requireKey !== undefined && !hasKey(request, requireKey)) return keyRequired(requireKey);
  const { method, headers } = request;
  const unanswered: Unanswered = { known, served, engine, request, method, headers, target, body };
  const memo = memoFor(engine);
  if (memo === null) return serveFresh(unanswered, null, null);
  // Keyed by the lane for this memo (the entry may have changed while the lane read the body): not again.
  if (keyed?.memo === memo) return fromMemo(memo, keyed.afterLine, unanswered);
  // Not looked up when the memo spares this request its lookup: it is answered the full way, and not
  // remembered.
  const looking = worthLooking(memo);
  // Read already (by the express lane, express-lane.ts), the body is keyed as if read here.
  if (memo.body && body !== undefined) return byReadBody(memo, looking, unanswered, body);
  const toKey = bodyToKey(memo, method, request, headers);
  if (toKey instanceof Promise) return toKey.then((read) => byReadBody(memo, looking, unanswered, read));
  if (toKey === undefined) return serveFresh(unanswered, null, null);
  return fromMemo(memo, looking ? keyAfterLine(memo, headers, toKey) : null, unanswered);
}

/**
 * The answer remembered for the body (none looked for unless `looking`). The body is read as text rather
 * than as bytes decoded here: an ArrayBuffer costs a request its backing store and the collections that
 * free it (BODY-PROFILE.md, section 24). The edge's text() keeps a leading byte order mark
 * (do_not_strip_bom_in_read_all_text), as mb does.
 */
function byReadBody(
  memo: RouteMemo,
  looking: boolean,
  unanswered: Unanswered,
  body: string,
): Response | Promise<Response> {
  unanswered.body = body;
  if (!keyable(body)) return serveFresh(unanswered, null, null);
  return fromMemo(memo, looking ? keyAfterLine(memo, unanswered.headers, body) : null, unanswered);
}

/**
 * The answer remembered for what the memo keys after the request's line (none looked for without it),
 * counted as mb counts every request its imposter sees, and laned for the request's URL where the front
 * door allows it (express-lane.ts); else the full way, remembered under the key.
 */
function fromMemo(
  memo: RouteMemo,
  afterLine: string | null,
  unanswered: Unanswered,
): Response | Promise<Response> {
  if (afterLine === null) return serveFresh(unanswered, memo, null);
  const { known, method } = unanswered;
  const key = memoKey(method, unanswered.target, afterLine);
  const remembered: ResponseDescription | undefined = lookUp(memo, key);
  if (remembered === undefined) return serveFresh(unanswered, memo, key);
  countStateless(known.env, known.ctx, known.name);
  if (known.laneUrl !== undefined) fillLane(known, unanswered.served, memo, method, afterLine, remembered);
  return toResponse(remembered);
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

/**
 * Serves a request for the imposter at `address`. `body`: the request's body, when the express lane has read
 * it already. `laneUrl`: the request's URL, when its memo hits may be laned (one not forwarded from an own
 * port, whose address is the URL's alone). `keyed`: what the lane found asking the memo, if it did.
 */
export function serveImposter(
  request: Request,
  env: Env,
  ctx: ExecutionContext,
  address: ImposterAddress,
  body?: string,
  laneUrl?: string,
  keyed?: Keyed,
): Response | Promise<Response> {
  const name = nameOf(env, address);
  const limit = rateLimitOf(env);
  if (limit > 0) {
    const retryAfter = take(name, limit, Date.now());
    if (retryAfter > 0) return tooManyRequests(limit, retryAfter);
  }
  const known: Known = { env, ctx, name, laneUrl, onAdminOrigin: address.onAdminOrigin === true };
  const served = lookup(name);
  if (served !== undefined) return serveFrom(served, request, known, address.target, body, keyed);
  return load(env, ctx, name).then((loaded) =>
    serveFrom(loaded, request, known, address.target, body, keyed),
  );
}
