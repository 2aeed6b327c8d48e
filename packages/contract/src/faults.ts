/**
 * Mountebank's two socket faults across the edge → local launcher boundary. A Worker can neither reset its
 * client's connection nor write bytes before a status line, so the edge answers a fault with a response
 * whose body it aborts (the nearest thing on Cloudflare) and marks it with FAULT_HEADER. The local
 * platform's keep-alive relay, plain Node in front of workerd, acts on the mark instead of passing the
 * response on: it closes the client's socket before any byte (CONNECTION_RESET_BY_PEER) or after
 * RANDOM_DATA (RANDOM_DATA_THEN_CLOSE), as mb's `helpers.simulateFault` does.
 */
export const FAULT_HEADER = "x-mockctl-fault";

/** What mb writes before destroying the socket for RANDOM_DATA_THEN_CLOSE (util/helpers.js). */
export const RANDOM_DATA = 'Htijy%@tWXJ/hQ#[Q:7G@dH4"gu[QaX&';

export const SOCKET_FAULTS = ["CONNECTION_RESET_BY_PEER", "RANDOM_DATA_THEN_CLOSE"] as const;
export type SocketFault = (typeof SOCKET_FAULTS)[number];

/**
 * Not one of mb's faults: the FAULT_HEADER value for an answer whose stub says `Connection: close`, the way a
 * mock of a server that closes after each answer is built (to test a client's reconnects). The runtime owns
 * connections and drops that header, so the edge marks the answer, and the local platform's relay and
 * imposter ports send it with `Connection: close` in place of the mark and then close, as mb's Node server
 * does. On Cloudflare the mark reaches the client and the connection stays the platform's.
 */
export const CLOSE_AFTER_ANSWER = "CLOSE_AFTER_ANSWER";

/**
 * Not one of mb's faults: the FAULT_HEADER value (`DELAY_ANSWER <ms>`) of an answer whose `wait` behavior the
 * local platform's launcher serves, so that the request leaves workerd at once. A waiting request held one of
 * the launcher's few places into workerd (infra/local/admission.ts) while using no CPU, which capped a stub
 * that waits 20 ms at 16 answers per 20 ms. The relay and imposter ports drop the mark and send the answer
 * that many milliseconds later. Only where the launcher says it does this (the edge's RELAY_DELAYS var).
 */
export const DELAY_ANSWER = "DELAY_ANSWER";

export function delayMark(ms: number): string {
  return `${DELAY_ANSWER} ${Math.ceil(ms)}`;
}

/** The milliseconds of a DELAY_ANSWER mark; undefined for any other value. */
export function delayOf(mark: string | undefined): number | undefined {
  if (mark === undefined || !mark.startsWith(DELAY_ANSWER)) return undefined;
  const ms = Number(mark.slice(DELAY_ANSWER.length));
  return Number.isFinite(ms) && ms >= 0 ? ms : undefined;
}

/** Whether a `Connection` header's value asks for the connection to close (its tokens in any case). */
export function asksToClose(connection: string | null | undefined): boolean {
  if (connection === null || connection === undefined) return false;
  return connection.split(",").some((token) => token.trim().toLowerCase() === "close");
}
