import { Agent } from "node:http";

/**
 * workerd drops a connection idle for 5 s without a word (keep-alive.ts, WORKERD_IDLE_CLOSE_MS); a pool that
 * retires its own after 4 never sends a request on one as it closes.
 */
export const UPSTREAM_IDLE_MS = 4_000;

/** The pool of connections to workerd that a Node server in front of it (an imposter's port, the handed-over path) sends on. */
export function upstreamAgent(): Agent {
  return new Agent({ keepAlive: true, timeout: UPSTREAM_IDLE_MS });
}
