import type { Socket } from "node:net";
import {
  CLOSE_AFTER_ANSWER,
  delayOf,
  FAULT_HEADER,
  RANDOM_DATA,
  SOCKET_FAULTS,
  type SocketFault,
} from "@mockctl/contract/faults";

/**
 * What the edge asks of the connection an answer goes out on (@mockctl/contract, faults.ts): a fault, a close
 * after it, or the answer held back for a stub's `wait` (DELAY_ANSWER).
 */
export type RelayMark = SocketFault | typeof CLOSE_AFTER_ANSWER | { delayMs: number };

const MARKS: readonly (SocketFault | typeof CLOSE_AFTER_ANSWER)[] = [...SOCKET_FAULTS, CLOSE_AFTER_ANSWER];
const HEAD_END = Buffer.from("\r\n\r\n");
const FAULT_MARK = Buffer.from(`\r\n${FAULT_HEADER}: `);
const CONNECTION_CLOSE = Buffer.from("\r\nConnection: close");
const RANDOM_BYTES = Buffer.from(RANDOM_DATA);

/**
 * The mark the edge gave a response, read from the first chunk of the response: only its head is searched,
 * so a body costs nothing.
 */
export function markOf(chunk: Buffer): RelayMark | undefined {
  const end = chunk.indexOf(HEAD_END);
  const head = end < 0 ? chunk : chunk.subarray(0, end);
  const at = head.indexOf(FAULT_MARK);
  if (at < 0) return undefined;
  const start = at + FAULT_MARK.length;
  const lineEnd = head.indexOf("\r\n", start);
  const value = head.toString("latin1", start, lineEnd < 0 ? head.length : lineEnd).trim();
  const delayMs = delayOf(value);
  return delayMs === undefined ? MARKS.find((mark) => mark === value) : { delayMs };
}

/** The first chunk of a marked response without its mark's line: a copy, as the relay keeps it a while. */
export function withoutMark(chunk: Buffer): Buffer {
  const at = chunk.indexOf(FAULT_MARK);
  const lineEnd = chunk.indexOf("\r\n", at + 2);
  if (at < 0 || lineEnd < 0) return Buffer.from(chunk);
  return Buffer.concat([chunk.subarray(0, at), chunk.subarray(lineEnd)]);
}

/** The first chunk of a CLOSE_AFTER_ANSWER response with `Connection: close` where its mark was. */
export function withConnectionClose(chunk: Buffer): Buffer {
  const at = chunk.indexOf(FAULT_MARK);
  const lineEnd = chunk.indexOf("\r\n", at + 2);
  if (at < 0 || lineEnd < 0) return Buffer.from(chunk);
  return Buffer.concat([chunk.subarray(0, at), CONNECTION_CLOSE, chunk.subarray(lineEnd)]);
}

/** mb's `helpers.simulateFault` on a client's socket: nothing or mb's garbage bytes, then the socket closed. */
export function playFault(fault: SocketFault, client: Socket): void {
  if (fault === "RANDOM_DATA_THEN_CLOSE") client.write(RANDOM_BYTES);
  client.destroy();
}
