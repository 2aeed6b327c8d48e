import type { RawHttpRequest } from "@mockctl/core";
import { type ImposterEngine, normalizeRequest } from "@mockctl/core";
import { answer, type Hit } from "./answer.ts";
import type { LaneSlot } from "./express-lane.ts";
import { toRawRequest, withNamedHeaders, withReadBody } from "./incoming.ts";
import type { Served } from "./registry.ts";
import { withoutKey } from "./required-key.ts";
import type { RouteMemo } from "./route-memo.ts";

/** What the front door knows before the imposter, and where its memo hits may be laned (express-lane.ts). */
export type Known = Pick<Hit, "env" | "ctx" | "name"> & LaneSlot;

/**
 * A request on its way to an answer: its method and headers as read once (each getter is a call into the
 * runtime), and its body once the front door has read it.
 */
export interface Unanswered {
  known: Known;
  served: Served;
  engine: ImposterEngine;
  request: Request;
  method: string;
  headers: Headers;
  target: string;
  body?: string;
}

/**
 * Reads (unless read), normalizes and matches the request; its answer is remembered under `key` in `memo`,
 * unless there is no key (the memo then only says which headers the request needs).
 */
export function serveFresh(
  unanswered: Unanswered,
  memo: RouteMemo | null,
  key: string | null,
): Response | Promise<Response> {
  const { known, served, engine, target } = unanswered;
  const requireKey = engine.imposter.requireKey;
  const remembering = key === null ? null : memo;
  const hit = (read: RawHttpRequest): Hit => {
    const seen = requireKey === undefined ? read : withoutKey(read, requireKey);
    const request = normalizeRequest(seen);
    const { env, ctx, name } = known;
    return { env, ctx, name, entry: served, engine, request, memo: remembering, line: key ?? "", target };
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
