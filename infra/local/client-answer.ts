import type { ServerResponse } from "node:http";
import { CLOSE_AFTER_ANSWER, delayOf, FAULT_HEADER, SOCKET_FAULTS } from "@mockctl/contract/faults";
import type { AnswerBody } from "./answer-body.ts";
import type { AnswerHead } from "./answer-reader.ts";
import { playFault } from "./relay-marks.ts";

/** A request whose place in the platform's line is given back when its answer starts. */
interface Released {
  release?: (() => void) | undefined;
}

// workerd frames its answer for its own connection; Node frames it again for the client's (chunked for
// HTTP/1.1, to the close for HTTP/1.0, which has no chunks).
const HOP_BY_HOP = new Set(["transfer-encoding", "connection", "keep-alive", FAULT_HEADER]);

/** The value of header `name` (lower-case) in an answer's head, if it has one. */
function headerOf(head: AnswerHead, name: string): string | undefined {
  const raw = head.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) if (raw[i]!.toLowerCase() === name) return raw[i + 1];
  return undefined;
}

/**
 * Answers the client with workerd's answer, once the request's place in the platform's line is given back
 * (`sent.release`): at once, or after a stub's `wait`, or with the socket fault it asks for.
 */
export function reply(head: AnswerHead, body: AnswerBody, outgoing: ServerResponse, sent: Released): void {
  sent.release?.();
  const mark = headerOf(head, FAULT_HEADER);
  // A stub's `wait`, served here (DELAY_ANSWER): its place in the line is free already, the answer waits.
  const delayMs = delayOf(mark);
  if (delayMs !== undefined) {
    setTimeout(() => replyNow(head, body, outgoing, undefined), delayMs);
    return;
  }
  replyNow(head, body, outgoing, mark);
}

/**
 * Writes the answer's head and then its body to the client. Node's `writeHead` refuses a header value with a
 * control character (a stub may set one that workerd lets through): the client gets the 502 Node's client
 * gave such an answer before, and the launcher, in a timer's callback for a `wait`, does not go down.
 */
function replyNow(
  head: AnswerHead,
  body: AnswerBody,
  outgoing: ServerResponse,
  mark: string | undefined,
): void {
  try {
    writeAnswer(head, body, outgoing, mark);
  } catch {
    body.drop();
    failed(outgoing);
  }
}

function writeAnswer(head: AnswerHead, body: AnswerBody, outgoing: ServerResponse, mark: string | undefined) {
  const fault = SOCKET_FAULTS.find((one) => one === mark);
  if (fault !== undefined || outgoing.headersSent || outgoing.destroyed) {
    body.drop();
    if (fault !== undefined && outgoing.socket !== null) playFault(fault, outgoing.socket);
    return;
  }
  const headers: string[] = [];
  const raw = head.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if (!HOP_BY_HOP.has(raw[i]!.toLowerCase())) headers.push(raw[i]!, raw[i + 1]!);
  }
  // A stub that says `Connection: close` (faults.ts): Node's server sends it and closes after the answer.
  if (mark === CLOSE_AFTER_ANSWER) headers.push("Connection", "close");
  outgoing.writeHead(head.status, head.message, headers);
  body.pipeTo(outgoing);
}

/** A 502 the client can read, or its connection cut when part of an answer went already. */
export function failed(outgoing: ServerResponse): void {
  if (outgoing.destroyed) return;
  if (outgoing.headersSent) {
    outgoing.destroy();
    return;
  }
  const errors = [{ code: "bad gateway", message: "the platform did not answer this imposter's request" }];
  outgoing.writeHead(502, { "content-type": "application/json" }).end(JSON.stringify({ errors }));
}
