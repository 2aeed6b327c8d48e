import { countStateless } from "./counting.ts";
import type { Outgoing } from "./outgoing.ts";
import { rateLimitOf } from "./rate-limit.ts";
import { lookup, onRetire, type Served } from "./registry.ts";
import type { RouteMemo } from "./route-memo.ts";
import { type Wire, wireOf } from "./wire.ts";

/**
 * A URL's lane to the answers its memo has already given. A memo hit through the front door walks the
 * address, the object's name, the registry, the memo, the line's key and the wire form, each a small step,
 * and together about 5 µs of a body hit that the POST floor never pays (BODY-PROFILE.md, section 45). A lane
 * holds what those steps found for one URL, method and version of the imposter, and the answers keyed by
 * what the memo keys after the line (keyAfterLine), so a repeated request costs one lookup of its URL and
 * one of its body.
 *
 * Sound because a lane only replays what the memo answered, under the memo's own key, for a request that
 * would reach the memo the same way: a URL that alone names the imposter (not forwarded from an own port),
 * the same zone and workspace, no rate limit, an imposter that needs no key, and a registry entry that is
 * still the one the lane was made from (a changed imposter is a new entry, and an entry due for revalidation
 * is not served). A page opened on the admin's origin goes the full way, which sandboxes it; answers that
 * wait or carry a fault are not laned: toResponse serves those.
 */
export interface Lane {
  readonly name: string;
  /** Whether the URL is on the admin's origin, where a page's answer is sandboxed (page-sandbox.ts). */
  readonly onAdminOrigin: boolean;
  readonly served: Served;
  readonly memo: RouteMemo;
  readonly method: string;
  readonly zone: string;
  readonly workspace: string;
  readonly answers: Map<string, Wire>;
}

/** Lanes kept at most (all dropped past it), answers per lane, and the longest key a lane keeps. */
export const LANES_KEPT = 256;
export const LANE_ANSWERS = 16;
export const LONGEST_LANE_KEY = 256;

const lanes = new Map<string, Lane>();

// A lane holds its engine: once the registry lets an entry go, its lanes go too, or an imposter changed and
// never asked for again would be kept alive by them.
onRetire((name) => {
  for (const [url, lane] of lanes) if (lane.name === name) lanes.delete(url);
});

/** The lane of a URL, if it still stands for this request: same method, entry, zone and workspace. */
export function laneOf(url: string, method: string, env: Env): Lane | undefined {
  const lane = lanes.get(url);
  if (lane === undefined || lane.method !== method) return undefined;
  if (lane.zone !== env.ZONE || lane.workspace !== env.WORKSPACE || rateLimitOf(env) !== 0) return undefined;
  return lookup(lane.name) === lane.served ? lane : undefined;
}

/** The answer a lane holds under `key`, counted as the memo's hit would be; undefined when it holds none. */
export function answerFromLane(
  lane: Lane,
  key: string,
  ctx: ExecutionContext,
  env: Env,
): Response | undefined {
  const wire = lane.answers.get(key);
  if (wire === undefined) return undefined;
  lane.memo.misses = 0;
  countStateless(env, ctx, lane.name);
  return new Response(wire.body, wire.init);
}

/** Where a memo hit may be laned: the URL (undefined if it may not) and what the front door found. */
export interface LaneSlot {
  readonly laneUrl: string | undefined;
  readonly name: string;
  readonly env: Env;
  readonly onAdminOrigin: boolean;
}

/** Lanes the memo's answer to a request, under what the memo keyed after its line (route-memo.ts). */
export function fillLane(
  slot: LaneSlot,
  served: Served,
  memo: RouteMemo,
  method: string,
  afterLine: string,
  description: Outgoing,
): void {
  const url = slot.laneUrl;
  if (url === undefined || afterLine.length > LONGEST_LANE_KEY) return;
  if ((description.waitMs ?? 0) > 0 || description.fault !== undefined) return;
  if (served.engine?.imposter.requireKey !== undefined) return;
  let lane = lanes.get(url);
  // The same entry has the same engine, and so the same memo.
  if (lane === undefined || lane.served !== served || lane.method !== method) {
    if (lanes.size >= LANES_KEPT) lanes.clear();
    const { env, name, onAdminOrigin } = slot;
    lane = {
      name,
      onAdminOrigin,
      served,
      memo,
      method,
      zone: env.ZONE,
      workspace: env.WORKSPACE,
      answers: new Map(),
    };
    lanes.set(url, lane);
  }
  if (lane.answers.size < LANE_ANSWERS) lane.answers.set(afterLine, wireOf(description));
}

/** The URLs laned now (tests). */
export const lanedUrls = (): string[] => [...lanes.keys()];
