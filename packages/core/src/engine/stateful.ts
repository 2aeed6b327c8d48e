import type { Stub } from "../schemas/response.ts";

/**
 * A stub is stateful when serving it reads or writes state that must be serialized per imposter: a
 * cycle of more than one slot (several responses, or `repeat`), a recording proxy, or user code that may
 * keep `state`. A lone plain `is` response, with any behaviors but decorate, is not.
 */
export function isStatefulStub(stub: Stub, cycleLength: number): boolean {
  if (cycleLength > 1) return true;
  return stub.responses.some(
    (response) =>
      response.inject !== undefined ||
      (response.proxy !== undefined && response.proxy.mode !== "proxyTransparent") ||
      (response.behaviors ?? []).some((behavior) => behavior.decorate !== undefined),
  );
}
