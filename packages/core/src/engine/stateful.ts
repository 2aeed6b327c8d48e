import type { Stub } from "../schemas/response.ts";

/**
 * A stub is stateful when serving it always reads or writes state that must be serialized per imposter:
 * a cycle of more than one slot (several responses, or `repeat`) or a recording proxy. User code is not
 * judged here: whether a function keeps `state` only running it shows, and that is the platform's call.
 */
export function isStatefulStub(stub: Stub, cycleLength: number): boolean {
  return cycleLength > 1 || isRecordingStub(stub);
}

/**
 * A stub with a proxy that saves what it proxies (proxyOnce, proxyAlways; mb's proxyTransparent saves
 * nothing): serving it adds stubs or responses to its imposter, so the definition grows without an admin call.
 */
export function isRecordingStub(stub: Stub): boolean {
  return stub.responses.some(
    (response) => response.proxy !== undefined && response.proxy.mode !== "proxyTransparent",
  );
}
