import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { CLOSE_AFTER_ANSWER, delayOf, FAULT_HEADER, SOCKET_FAULTS } from "@mockctl/contract/faults";
import type { Admission } from "./admission.ts";
import { AnswerBody } from "./answer-body.ts";
import type { AnswerHead } from "./answer-reader.ts";
import { playFault } from "./relay-marks.ts";
import { MAX_REQUEST_BYTES, tooLargeBody } from "./request-limit.ts";
import { Exchange } from "./upstream-exchange.ts";
import type { UpstreamPool } from "./upstream-pool.ts";

/** How requests reach workerd: the pool of connections to it, and the line into it. */
export interface Via {
  pool: UpstreamPool;
  /** The platform port's line (admission.ts), shared: absent, every request goes in at once. */
  admission?: Admission | undefined;
}

/** Where a request goes in workerd, and the headers it goes with (name, value, name, …, as sent). */
export interface Route {
  path: string;
  headers: readonly string[];
}

/** One request on its way: what was sent to workerd, whether it was refused, and its place in the line. */
interface Sent {
  exchange?: Exchange;
  refused?: boolean;
  /** Gives back the request's place in the line: once its answer starts, as the relay's does. */
  release?: () => void;
}

/** The request as sent on: for a body held whole, `body`; past the hold, the client's stream itself. */
type Body = { held: Buffer } | { streamed: Buffer[] };

// workerd frames its answer for its own connection; Node frames it again for the client's (chunked for
// HTTP/1.1, to the close for HTTP/1.0, which has no chunks).
const HOP_BY_HOP = new Set(["transfer-encoding", "connection", "keep-alive", FAULT_HEADER]);

/** The value of header `name` (lower-case) in an answer's head, if it has one. */
function headerOf(head: AnswerHead, name: string): string | undefined {
  const raw = head.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) if (raw[i]!.toLowerCase() === name) return raw[i + 1];
  return undefined;
}

function reply(head: AnswerHead, body: AnswerBody, outgoing: ServerResponse, sent: Sent): void {
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

function failed(outgoing: ServerResponse): void {
  if (outgoing.destroyed) return;
  if (outgoing.headersSent) {
    outgoing.destroy();
    return;
  }
  const errors = [{ code: "bad gateway", message: "the platform did not answer this imposter's request" }];
  outgoing.writeHead(502, { "content-type": "application/json" }).end(JSON.stringify({ errors }));
}

/**
 * A request past MAX_REQUEST_BYTES (request-limit.ts), as the relay answers one on the platform's port: 413
 * in mb's envelope, the connection closed after it, and what workerd was sent of it dropped.
 */
function refuse(outgoing: ServerResponse, sent: Sent): void {
  sent.refused = true;
  sent.exchange?.abort();
  if (outgoing.headersSent) {
    outgoing.destroy();
    return;
  }
  outgoing.shouldKeepAlive = false;
  outgoing.writeHead(413, { "content-type": "application/json" }).end(tooLargeBody(MAX_REQUEST_BYTES));
}

let told = false;

/**
 * Runs a step of sending a request on from an event handler, where a throw would end the launcher (and with it
 * the admin API and every imposter): a step that throws fails its own request with a 502, drops what it sent
 * (whose answer would have nowhere to go), and says why once.
 */
function safely(outgoing: ServerResponse, sent: Sent, step: () => void): void {
  try {
    step();
  } catch (error) {
    if (!told) process.stderr.write(`could not send a request on to workerd: ${String(error)}\n`);
    told = true;
    sent.refused = true;
    sent.exchange?.abort();
    failed(outgoing);
  }
}

/**
 * Sends one request on. A kept connection that turned out closed before any of the answer came (workerd's
 * idle close, just as the request went out) is tried once more on a new one, for a body held whole.
 */
function send(
  route: Route,
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  body: Body,
  via: Via,
  sent: Sent,
  fresh = false,
): void {
  let answer: AnswerBody | undefined;
  const request = {
    method: incoming.method ?? "GET",
    path: route.path,
    headers: route.headers,
    // Node's server took the client's chunks off; they go on as chunks again, as the client framed them.
    chunked: incoming.headers["transfer-encoding"] !== undefined,
  };
  const exchange: Exchange = new Exchange(
    via.pool,
    request,
    {
      head: (head) => {
        answer = new AnswerBody(exchange);
        reply(head, answer, outgoing, sent);
      },
      body: (chunk) => answer?.push(chunk),
      end: () => answer?.finish(),
      failed: (beforeAnswer, reused) => {
        if (sent.refused === true) return;
        if (beforeAnswer && reused && "held" in body) {
          send(route, incoming, outgoing, { streamed: [body.held] }, via, sent, true);
        } else if (answer !== undefined && outgoing.headersSent) answer.fail();
        else {
          // Nothing of the answer reached the client (not yet, for a `wait`): a 502 it can read.
          answer?.drop();
          failed(outgoing);
        }
      },
    },
    fresh,
  );
  sent.exchange = exchange;
  if ("held" in body) {
    exchange.sendWhole(body.held);
    return;
  }
  exchange.start();
  for (const chunk of body.streamed) exchange.write(chunk);
  if (incoming.readableEnded) {
    exchange.end();
    return;
  }
  incoming.on("data", (chunk: Buffer) => {
    if (sent.refused === true || exchange.write(chunk)) return;
    incoming.pause();
    exchange.onDrain(() => incoming.resume());
  });
  incoming.on("end", () => exchange.end());
  incoming.resume();
}

/** Each connection's last answer: a request pipelined behind it goes on only once it has ended. */
const lastAnswer = new WeakMap<Socket, Promise<void>>();

/**
 * `go` once the request's turn comes: after the answer before it on its connection (Node's server takes
 * pipelined requests at once, and ten pipelined 1 MiB answers per connection, all in workerd at once for a
 * client that read none, left workerd gigabytes larger), then in the platform's line (without it, 300 clients
 * on an imposter's own port sent every user-code call in at once, and the host answered a quarter of them
 * busy). The place in the line is given back when the answer starts, or the connection goes.
 */
function inTurn(socket: Socket, via: Via, outgoing: ServerResponse, sent: Sent, go: () => void): void {
  // The request's socket: a pipelined request's answer has none until the answers before it are done.
  const before = lastAnswer.get(socket);
  lastAnswer.set(socket, new Promise<void>((done) => outgoing.once("close", done)));
  const admission = via.admission;
  const enter = () => {
    // A client that left while the answer before this one ran: nothing to send.
    if (outgoing.destroyed || socket.destroyed) return;
    if (admission === undefined) {
      go();
      return;
    }
    let inside = false;
    const admit = () => {
      inside = true;
      go();
    };
    sent.release = () => {
      if (inside) admission.leave(admit);
      else admission.withdraw(admit);
      inside = false;
      sent.release = undefined;
    };
    outgoing.once("close", () => sent.release?.());
    if (admission.enter(admit)) admit();
  };
  if (before === undefined) enter();
  else void before.then(enter);
}

/** A body up to this size is held whole before it is sent on, so that it can be sent again (as the relay's). */
const HOLD_BYTES = 1 << 20;

/**
 * Sends a request on to workerd at `route`. Its body is held whole up to HOLD_BYTES, so the request can be
 * sent again on a fresh connection; a larger one streams through, never held in the launcher's memory; past
 * MAX_REQUEST_BYTES it is refused.
 */
export function forwardOn(route: Route, incoming: IncomingMessage, outgoing: ServerResponse, via: Via): void {
  const sent: Sent = {};
  const tooLarge = () => {
    incoming.off("data", onData).off("data", count).off("end", onEnd);
    refuse(outgoing, sent);
  };
  const chunks: Buffer[] = [];
  let held = 0;
  let total = 0;
  const count = (chunk: Buffer) => {
    total += chunk.length;
    if (total > MAX_REQUEST_BYTES && sent.refused !== true) tooLarge();
  };
  const onData = (chunk: Buffer) => {
    chunks.push(chunk);
    held += chunk.length;
    if (held <= HOLD_BYTES) return;
    incoming.off("data", onData).off("end", onEnd);
    // The rest waits in the socket while the request waits its turn; sending pipes it on.
    incoming.pause();
    inTurn(incoming.socket, via, outgoing, sent, () =>
      safely(outgoing, sent, () => send(route, incoming, outgoing, { streamed: chunks }, via, sent)),
    );
  };
  const onEnd = () =>
    inTurn(incoming.socket, via, outgoing, sent, () =>
      safely(outgoing, sent, () =>
        send(route, incoming, outgoing, { held: Buffer.concat(chunks) }, via, sent),
      ),
    );
  // Said up front: refused before a byte of it reaches workerd.
  if (Number(incoming.headers["content-length"]) > MAX_REQUEST_BYTES) {
    tooLarge();
    return;
  }
  incoming.on("data", count).on("data", onData).on("end", onEnd);
  incoming.on("error", () => outgoing.destroy());
  // A client gone before its answer ended: what workerd still sends of it has nowhere to go.
  outgoing.once("close", () => sent.exchange?.abort());
}
