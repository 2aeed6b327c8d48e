import type { EngineDeps, EngineResult, MbRequest, ResponseDescription, Result } from "@mockctl/core";

type Answer = EngineResult["response"];

import { recordProxyResponse } from "@mockctl/core";
import type { StoredImposter } from "../imposter-store.ts";
import { addStub } from "../stub-edits.ts";

/**
 * The change to make, and where the saved answer and the proxy that recorded it are once it is made. A
 * function of the imposter as `change` hands it over: that folds the front door's count of requests its
 * saved stubs answered into it first, which a change made from the state read before would overwrite.
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
