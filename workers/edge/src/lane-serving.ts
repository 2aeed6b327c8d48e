import { addressOf } from "./addresses.ts";
import { answerFromLane, type Lane } from "./express-lane.ts";
import { serveImposter } from "./front-door.ts";
import { bodyToKey } from "./keyed-body.ts";
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
  const memo = lane.memo;
  const toKey = bodyToKey(memo, lane.method, request, headers);
  if (toKey instanceof Promise) {
    return toKey.then((body) => {
      const answer = keyable(body)
        ? answerFromLane(lane, keyAfterLine(memo, headers, body), ctx, env)
        : undefined;
      return answer ?? fullWay(request, env, ctx, url, body);
    });
  }
  if (toKey === undefined) return fullWay(request, env, ctx, url);
  return (
    answerFromLane(lane, keyAfterLine(memo, headers, toKey), ctx, env) ?? fullWay(request, env, ctx, url)
  );
}

/** The front door's way for a laned URL: its address is the one the lane was made from (same URL and zone). */
function fullWay(
  request: Request,
  env: Env,
  ctx: ExecutionContext,
  url: string,
  body?: string,
): Response | Promise<Response> {
  const address = addressOf(url, env.ZONE, null);
  if (address === null) throw new Error("a laned URL has no imposter address");
  setRelayDelays(env.RELAY_DELAYS === "true");
  return serveImposter(request, env, ctx, address, body, url);
}
