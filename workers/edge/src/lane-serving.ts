import { addressOf } from "./addresses.ts";
import { answerFromLane, type Lane } from "./express-lane.ts";
import { type Keyed, serveImposter } from "./front-door.ts";
import { bodyToKey } from "./keyed-body.ts";
import { worthLooking } from "./memo-lookups.ts";
import { setRelayDelays } from "./outgoing.ts";
import { keyAfterLine, keyable } from "./route-memo.ts";

/**
 * Serves a request whose URL has a lane (express-lane.ts): from the lane when it holds the answer, else the
 * front door's full way, handed the body if the lane has read it (keyed-body.ts says when it does).
 */
export function serveLane(
  lane: Lane,
  request: Request,
  headers: Headers,
  env: Env,
  ctx: ExecutionContext,
  url: string,
): Response | Promise<Response> {
  const toKey = bodyToKey(lane.memo, lane.method, request, headers);
  if (toKey instanceof Promise) {
    return toKey.then((body) => {
      const found = lookInLane(lane, headers, body, ctx, env);
      return found instanceof Response ? found : fullWay(request, env, ctx, url, body, found);
    });
  }
  if (toKey === undefined) return fullWay(request, env, ctx, url);
  const found = lookInLane(lane, headers, toKey, ctx, env);
  return found instanceof Response ? found : fullWay(request, env, ctx, url, undefined, found);
}

/**
 * The lane's answer under the memo's key for `body` (null: the memo reads no body), or what the full way
 * needs to know of the memo's lookup: the key, or that none was looked for (undefined for a body too long
 * to key). The lane asks the memo whether to look, as the memo would (memo-lookups.ts): a stream of
 * distinct bodies that the memo has long stopped finding is not keyed here either, and a miss is keyed once,
 * not again by the full way (3 µs of a body's miss, BODY-PROFILE.md, section 48).
 */
function lookInLane(
  lane: Lane,
  headers: Headers,
  body: string | null,
  ctx: ExecutionContext,
  env: Env,
): Response | Keyed | undefined {
  const memo = lane.memo;
  if (body !== null && !keyable(body)) return undefined;
  const afterLine = worthLooking(memo) ? keyAfterLine(memo, headers, body) : null;
  return (afterLine === null ? undefined : answerFromLane(lane, afterLine, ctx, env)) ?? { memo, afterLine };
}

/** The front door's way for a laned URL: its address is the one the lane was made from (same URL and zone). */
function fullWay(
  request: Request,
  env: Env,
  ctx: ExecutionContext,
  url: string,
  body?: string,
  keyed?: Keyed,
): Response | Promise<Response> {
  const address = addressOf(url, env.ZONE, null);
  if (address === null) throw new Error("a laned URL has no imposter address");
  setRelayDelays(env.RELAY_DELAYS === "true");
  return serveImposter(request, env, ctx, address, body, url, keyed);
}
