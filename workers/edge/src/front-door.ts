import { type ImposterAddress, noSuchImposterResponse, objectName } from "@mockctl/contract";
import type { RawHttpRequest, ResponseDescription } from "@mockctl/core";
import { type ImposterEngine, normalizeRequest } from "@mockctl/core";
import { answer, type Hit } from "./answer.ts";
import { countStateless } from "./counting.ts";
import { fillLane, type LaneSlot } from "./express-lane.ts";
import { toRawRequest, withNamedHeaders, withReadBody } from "./incoming.ts";
import { load } from "./loading.ts";
import { lookUp, worthLooking } from "./memo-lookups.ts";
import { toResponse } from "./outgoing.ts";
import { rateLimitOf, take, tooManyRequests } from "./rate-limit.ts";
import { lookup, type Served } from "./registry.ts";
import { hasKey, keyRequired, withoutKey } from "./required-key.ts";
import { bodyKey, MEMO_BODY_LIMIT, memoFor, memoKey, type RouteMemo, withBody } from "./route-memo.ts";

export { FLUSH_MS } from "./counting.ts";

/** What the front door knows before the imposter: `lane` is set when its memo hits may be laned. */
type Known = Pick<Hit, "env" | "ctx" | "name"> & { lane: LaneSlot | undefined };

/** A request on its way to an answer, and its body once the front door has read it. */
interface Unanswered {
  known: Known;
  served: Served;
  engine: ImposterEngine;
  request: Request;
  target: string;
  body?: string;
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
): Response | Promise<Response> {
  const engine = served.engine;
  if (engine === null) return toResponse(noSuchImposterResponse());
  // Before the memo, so a remembered answer is never given without the key; not counted, as mb counts
  // only the requests its imposter sees.
  const requireKey = engine.imposter.requireKey;
  if (requireKey !== undefined && !hasKey(request, requireKey)) return keyRequired(requireKey);
  const unanswered: Unanswered = { known, served, engine, request, target, body };
  const memo = memoFor(engine);
  if (memo === null) return serveFresh(unanswered, null, null);
  // Each of the request's getters is a call into the runtime: asked once.
  const { method, headers } = request;
  // No key when the memo spares this request its lookup: it is answered the full way, and not remembered.
  const line = worthLooking(memo) ? memoKey(memo, method, target, headers) : null;
  if (!memo.body) return fromMemo(memo, line, unanswered) ?? serveFresh(unanswered, memo, line);
  // Read already (by the express lane, express-lane.ts), the body is keyed as if read here.
  if (body !== undefined) return byReadBody(memo, line, unanswered, body);
  // A GET or HEAD rarely has a body: asking saves it a trip through the runtime's event loop. Any other
  // method would pay for the stream's wrapper, and reading an absent body gives the empty text anyway.
  if ((method === "GET" || method === "HEAD") && request.body === null) {
    const key = line === null ? null : withBody(line, bodyKey(memo, ""));
    return fromMemo(memo, key, unanswered) ?? serveFresh(unanswered, memo, key);
  }
  // The remembered answer is keyed by the body's text, which an encoded body's bytes are not.
  if (headers.has("content-encoding")) return serveFresh(unanswered, null, null);
  return request.text().then((read) => byReadBody(memo, line, unanswered, read));
}

/**
 * The answer remembered under the line and the body (none looked for without a line). The body is read as
 * text rather than as bytes decoded here: an ArrayBuffer costs a request its backing store and the
 * collections that free it (BODY-PROFILE.md, section 24). The edge's text() keeps a leading byte order mark
 * (do_not_strip_bom_in_read_all_text), as mb does.
 */
function byReadBody(
  memo: RouteMemo,
  line: string | null,
  unanswered: Unanswered,
  body: string,
): Response | Promise<Response> {
  unanswered.body = body;
  if (body.length > MEMO_BODY_LIMIT) return serveFresh(unanswered, null, null);
  const key = line === null ? null : withBody(line, bodyKey(memo, body));
  return fromMemo(memo, key, unanswered) ?? serveFresh(unanswered, memo, key);
}

/**
 * The answer remembered under `key` (none looked for without one), counted as mb counts every request its
 * imposter sees, and laned for the request's URL where the front door allows it (express-lane.ts).
 */
function fromMemo(
  memo: RouteMemo,
  key: string | null,
  { known, served, request, target }: Unanswered,
): Response | Promise<Response> | undefined {
  if (key === null) return undefined;
  const remembered: ResponseDescription | undefined = lookUp(memo, key);
  if (remembered === undefined) return undefined;
  countStateless(known.env, known.ctx, known.name);
  if (known.lane !== undefined) {
    const method = request.method;
    fillLane(known.lane, served, memo, method, method.length + 1 + target.length, key, remembered);
  }
  return toResponse(remembered);
}

/**
 * Reads (unless read), normalizes and matches the request; its answer is remembered under `line` in `memo`,
 * unless there is no line (the memo then only says which headers the request needs).
 */
function serveFresh(
  unanswered: Unanswered,
  memo: RouteMemo | null,
  line: string | null,
): Response | Promise<Response> {
  const { known, served, engine, target } = unanswered;
  const requireKey = engine.imposter.requireKey;
  const remembering = line === null ? null : memo;
  const hit = (read: RawHttpRequest): Hit => {
    const seen = requireKey === undefined ? read : withoutKey(read, requireKey);
    const request = normalizeRequest(seen);
    return { ...known, entry: served, engine, request, memo: remembering, line: line ?? "", target };
  };
  const raw = rawOf(unanswered, memo);
  if (raw instanceof Promise) return raw.then((read) => answer(hit(read)));
  return answer(hit(raw));
}

/** The request in the core's form: with only the headers the key holds when the memo says that is enough. */
function rawOf(
  { request, target, body }: Unanswered,
  memo: RouteMemo | null,
): RawHttpRequest | Promise<RawHttpRequest> {
  if (memo?.narrow === true && (body !== undefined || request.body === null)) {
    return withNamedHeaders(request, target, memo.headers, body ?? "");
  }
  return body === undefined ? toRawRequest(request, target) : withReadBody(request, target, body);
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
 * port, whose address is the URL's alone).
 */
export function serveImposter(
  request: Request,
  env: Env,
  ctx: ExecutionContext,
  address: ImposterAddress,
  body?: string,
  laneUrl?: string,
): Response | Promise<Response> {
  const name = nameOf(env, address);
  const limit = rateLimitOf(env);
  if (limit > 0) {
    const retryAfter = take(name, limit, Date.now());
    if (retryAfter > 0) return tooManyRequests(limit, retryAfter);
  }
  const lane =
    laneUrl === undefined
      ? undefined
      : { url: laneUrl, name, env, onAdminOrigin: address.onAdminOrigin === true };
  const known: Known = { env, ctx, name, lane };
  const served = lookup(name);
  if (served !== undefined) return serveFrom(served, request, known, address.target, body);
  return load(env, ctx, name).then((loaded) => serveFrom(loaded, request, known, address.target, body));
}
