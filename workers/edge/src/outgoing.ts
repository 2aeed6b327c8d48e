import { delayMark, FAULT_HEADER, RANDOM_DATA } from "@mockctl/contract";
import type { ResponseDescription } from "@mockctl/core";
import { wireOf } from "./wire.ts";

/** The core's answer, possibly carrying a socket fault that mb simulates and a Worker can only approximate. */
export type Outgoing = ResponseDescription & { fault?: string };

const RANDOM_BYTES = new TextEncoder().encode(RANDOM_DATA);

/**
 * A Worker cannot reset a socket or write bytes before the status line. The nearest thing: promise a body
 * of a fixed length, send less (nothing, or mb's random bytes), then abort. The client gets a status line
 * and then a connection closed early (curl: "transfer closed with N bytes remaining"; Node fetch:
 * UND_ERR_SOCKET), which test clients treat as the failure mb's fault provokes. The response carries
 * FAULT_HEADER, so that the local platform's relay can close the socket itself, exactly as mb does
 * (@mockctl/contract, faults.ts).
 */
function faultResponse(fault: string, status: number): Response | undefined {
  if (fault !== "CONNECTION_RESET_BY_PEER" && fault !== "RANDOM_DATA_THEN_CLOSE") return undefined;
  const sent = fault === "RANDOM_DATA_THEN_CLOSE" ? RANDOM_BYTES : new Uint8Array(0);
  const { readable, writable } = new FixedLengthStream(sent.length + 1);
  const writer = writable.getWriter();
  const reason = new Error(`simulated ${fault}`);
  const closeEarly =
    sent.length > 0 ? writer.write(sent).then(() => writer.abort(reason)) : writer.abort(reason);
  closeEarly.catch(() => {});
  return new Response(readable, { status, headers: { [FAULT_HEADER]: fault } });
}

/** Whether the local launcher serves `wait` behaviors (RELAY_DELAYS; set by the front door per request). */
let relayDelays = false;

export function setRelayDelays(on: boolean): void {
  relayDelays = on;
}

/**
 * Turns the core's ResponseDescription into a Response, after its `wait` behavior's delay (the only case
 * that returns a Promise: the hot path has nothing to wait for). Where the launcher serves the delay, the
 * answer goes at once with DELAY_ANSWER's mark (@mockctl/contract, faults.ts), unless it carries a mark of
 * its own.
 */
export function toResponse(description: Outgoing): Response | Promise<Response> {
  if (description.waitMs !== undefined && description.waitMs > 0) {
    const waitMs = description.waitMs;
    if (relayDelays) {
      const response = respond(description);
      if (!response.headers.has(FAULT_HEADER)) {
        response.headers.set(FAULT_HEADER, delayMark(waitMs));
        return response;
      }
    }
    return scheduler.wait(waitMs).then(() => respond(description));
  }
  return respond(description);
}

function respond(description: Outgoing): Response {
  if (description.fault !== undefined) {
    const fault = faultResponse(description.fault, description.statusCode);
    if (fault !== undefined) return fault;
  }
  const wire = wireOf(description);
  return new Response(wire.body, wire.init);
}
