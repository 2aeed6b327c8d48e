import type { BehaviorDeps } from "../behaviors/types.ts";
import type { MbRequest, ResponseDescription } from "../schemas/request.ts";
import type { IsResponse, Proxy as ProxyConfig } from "../schemas/response.ts";

/** The behavior seams, plus running a response `inject` function and forwarding a proxy request. */
export interface ResolveDeps extends BehaviorDeps {
  /** Runs a response injection function; resolves to the response it produced. */
  inject?: (source: string, request: MbRequest) => Promise<IsResponse>;
  /** Sends the request on to `proxy.to`; resolves to `{ statusCode, headers, body, _mode }` as mb's proxy. */
  proxy?: (request: MbRequest, proxy: ProxyConfig) => Promise<IsResponse>;
}

export interface ResolveContext {
  /** The imposter's `defaultResponse`: fills whatever a response leaves out. */
  defaultResponse?: IsResponse;
  /** The imposter's `allowCORS`. */
  allowCORS?: boolean;
  deps: ResolveDeps;
}

/** The two faults Mountebank simulates on the socket; the adapter approximates them. */
export const FAULTS = ["CONNECTION_RESET_BY_PEER", "RANDOM_DATA_THEN_CLOSE"] as const;
export type Fault = (typeof FAULTS)[number];

export interface ResolvedResponse extends ResponseDescription {
  /** Set for a known fault: the adapter breaks the connection instead of sending this description. */
  fault?: Fault;
  /**
   * For a proxy response: what Mountebank records, i.e. the proxied response after the stub's behaviors,
   * with `_proxyResponseTime`, before defaultResponse fills it in.
   */
  proxied?: IsResponse;
  /** For a proxy response: the `proxy` that answered, which says how `proxied` is recorded. */
  proxy?: ProxyConfig;
}
