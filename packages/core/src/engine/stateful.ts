import type { Stub } from "../schemas/response.ts";

/**
 * A stub is stateful when serving it always reads or writes state that must be serialized per imposter:
 * a cycle of more than one slot (several responses, or `repeat`) or a recording proxy. User code is not
 * judged here: whether a function keeps `state` only running it shows, and that is the platform's call.
 */
export function isStatefulStub(stub: Stub, cycleLength: number): boolean {
  if (cycleLength > 1) return true;
  return stub.responses.some(
    (response) => response.proxy !== undefined && response.proxy.mode !== "proxyTransparent",
  );
}
