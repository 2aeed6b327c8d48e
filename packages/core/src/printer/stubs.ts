import type { Stub, StubResponse } from "../schemas/response.ts";
import type { Link, PrintedStub } from "./types.ts";

/** Mountebank strips the recorded latency from replayable output but keeps the rest of the `is`. */
function withoutProxyResponseTime(response: StubResponse): StubResponse {
  if (response.is === undefined || !("_proxyResponseTime" in response.is)) return response;
  const { _proxyResponseTime: _dropped, ...is } = response.is;
  return { ...response, is };
}

export function replayableStub(stub: Stub): PrintedStub {
  return { ...stub, responses: stub.responses.map(withoutProxyResponseTime) };
}

/** Spread keeps a stored `_links` key in place, like Mountebank's in-place assignment does. */
export function linkedStub(stub: PrintedStub, self: Link): PrintedStub {
  return { ...stub, _links: { self } };
}

const isProxy = (response: unknown): boolean =>
  typeof response === "object" && response !== null && Object.hasOwn(response, "proxy");

/**
 * Runs after links are attached, as in Mountebank, so a surviving stub keeps the `_links.self` index it
 * had before the proxies were removed (checked against mb 2.9.1).
 */
export function removeProxies(stubs: PrintedStub[]): PrintedStub[] {
  return stubs
    .map((stub) => {
      const responses = Array.isArray(stub.responses) ? stub.responses : [];
      return { ...stub, responses: responses.filter((response) => !isProxy(response)) };
    })
    .filter((stub) => stub.responses.length > 0);
}
