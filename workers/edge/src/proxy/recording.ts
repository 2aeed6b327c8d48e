import type { EngineDeps, EngineResult, MbRequest, ResponseDescription, Result } from "@mockctl/core";

type Answer = EngineResult["response"];

import { DEFAULT_LIMITS, imposterSizeError, MbFailure, recordProxyResponse } from "@mockctl/core";
import type { StoredImposter } from "../imposter-store.ts";
import { addStub } from "../stub-edits.ts";

/**
 * The change to make, and where the saved answer and the proxy that recorded it are once it is made. The
 * change is made to the imposter as it is when saved, not as it was when the origin was asked: the count
 * of requests its saved stubs answered meanwhile is folded in first and must be kept.
 */
export interface Recording {
  edit: (current: StoredImposter) => Result<StoredImposter>;
  savedAt: number;
  proxyIndex: number;
}

/** The answer without what the core attached for recording, which must not cross back over RPC. */
export function sent(response: Answer): ResponseDescription {
  const { proxied: _proxied, proxy: _proxy, ...description } = response;
  return description;
}

/**
 * The change a proxied answer makes to its imposter (mb's recordProxyResponse), or undefined when there
 * is nothing to save (proxyTransparent, or no proxy answered). A proxyOnce stub is inserted like POST
 * .../stubs inserts one, so the cursors of the stubs behind it move with them; proxyAlways appends a
 * response to a stub, or a stub at the end, and every cursor stays where it is.
 *
 * Runs inside the imposter object's queue, after the origin answered and before the next request is
 * served: two requests can never both record the first answer for the same predicates.
 */
export async function recordingOf(
  current: StoredImposter,
  stubIndex: number,
  request: MbRequest,
  response: Answer,
  deps: EngineDeps,
): Promise<Recording | undefined> {
  const { proxied, proxy } = response;
  if (proxied === undefined || proxy === undefined) return undefined;
  const stubs = current.imposter.stubs;
  const recorded = await recordProxyResponse(
    stubs,
    stubIndex,
    proxy,
    request,
    proxied,
    deps.generatePredicates,
  );
  if (recorded === undefined) return undefined;
  const { savedAt, insertedAt } = recorded;
  const inserted = insertedAt === undefined ? undefined : recorded.stubs[insertedAt];
  // A stub inserted in front of the proxy stub (proxyOnce) moves it down by one.
  if (inserted !== undefined)
    return { edit: (now) => addStub(now, inserted, insertedAt), savedAt, proxyIndex: stubIndex + 1 };
  const edit = (now: StoredImposter): Result<StoredImposter> => ({
    ok: true,
    value: { ...now, imposter: { ...now.imposter, stubs: recorded.stubs } },
  });
  return { edit, savedAt, proxyIndex: stubIndex };
}

/**
 * The change, refused with `limit exceeded` when it would take the imposter past the size its definition
 * is accepted at: a recording that grew past it would be an imposter the platform then refuses to load
 * from its own export (`PUT /imposters` of the replayable form). mb has no such limit.
 */
export function withinSize(result: Result<StoredImposter>): Result<StoredImposter> {
  if (!result.ok) return result;
  const error = imposterSizeError(JSON.stringify(result.value.imposter), DEFAULT_LIMITS);
  if (error !== undefined) throw new MbFailure(error);
  return result;
}
