import type { IncomingMessage, ServerResponse } from "node:http";
import type { Admission } from "./admission.ts";
import { AnswerBody } from "./answer-body.ts";
import type { AnswerHead } from "./answer-reader.ts";
import { failed, reply } from "./client-answer.ts";
import { type Turn, takeTurn } from "./connection-turns.ts";
import { MAX_REQUEST_BYTES, tooLargeBody } from "./request-limit.ts";
import { Exchange, type ExchangeEvents } from "./upstream-exchange.ts";
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
 * One request sent on, and what becomes of its answer. A kept connection that turned out closed before any
 * of the answer came (workerd's idle close, just as the request went out) is tried once more on a new one,
 * for a body held whole. One object per request rather than a closure per event: under load on an own port,
 * V8's collector took a quarter of the launcher's busy time (infra/README.md, "Imposters on their own ports").
 */
class Forwarded implements ExchangeEvents, Turn {
  private answer: AnswerBody | undefined;
  private exchange!: Exchange;
  /** Whether the requests before it on its connection are answered (turns); it goes on once its body is ready too. */
  private turnCame = false;

  constructor(
    private readonly route: Route,
    private readonly incoming: IncomingMessage,
    readonly outgoing: ServerResponse,
    readonly via: Via,
    readonly sent: Sent,
    private requestBody?: Body,
  ) {}

  /** The body is held whole, or held enough to stream the rest: the request goes on when its turn comes. */
  ready(body: Body): void {
    this.requestBody = body;
    if (this.turnCame) enter(this);
  }

  /** Whether the client left, or its connection went, before the request could go on. */
  gone(): boolean {
    return this.outgoing.destroyed || this.incoming.socket.destroyed;
  }

  turnComes(): void {
    this.turnCame = true;
    if (this.requestBody !== undefined) enter(this);
  }

  /**
   * Sends the request on, from an event handler, where a throw would end the launcher (and with it the admin
   * API and every imposter): a throw fails this request with a 502, drops what it sent (whose answer would
   * have nowhere to go), and says why once.
   */
  go(): void {
    try {
      this.send();
    } catch (error) {
      if (!told) process.stderr.write(`could not send a request on to workerd: ${String(error)}\n`);
      told = true;
      this.sent.refused = true;
      this.sent.exchange?.abort();
      failed(this.outgoing);
    }
  }

  send(fresh = false): void {
    const { incoming, sent } = this;
    const body = this.requestBody;
    if (body === undefined) return;
    const request = {
      method: incoming.method ?? "GET",
      path: this.route.path,
      headers: this.route.headers,
      // Node's server took the client's chunks off; they go on as chunks again, as the client framed them.
      chunked: incoming.headers["transfer-encoding"] !== undefined,
    };
    const exchange = new Exchange(this.via.pool, request, this, fresh);
    this.exchange = exchange;
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

  head(head: AnswerHead): void {
    this.answer = new AnswerBody(this.exchange);
    reply(head, this.answer, this.outgoing, this.sent);
  }

  body(chunk: Buffer): void {
    this.answer?.push(chunk);
  }

  end(): void {
    this.answer?.finish();
  }

  failed(beforeAnswer: boolean, reused: boolean): void {
    const { answer, outgoing } = this;
    const body = this.requestBody;
    if (this.sent.refused === true) return;
    if (beforeAnswer && reused && body !== undefined && "held" in body) {
      // Sent whole again, on a new connection, which is not a reused one: tried once more at most.
      new Forwarded(this.route, this.incoming, outgoing, this.via, this.sent, body).send(true);
    } else if (answer !== undefined && outgoing.headersSent) answer.fail();
    else {
      // Nothing of the answer reached the client (not yet, for a `wait`): a 502 it can read.
      answer?.drop();
      failed(outgoing);
    }
  }
}

/**
 * Sends the request on once its turn came, through the platform's line when there is one: without it, 300
 * clients on an imposter's own port sent every user-code call in at once, and the host answered a quarter of
 * them busy. The place in the line is given back when the answer starts, or the answer closes.
 */
function enter(forwarded: Forwarded): void {
  // A client that left while the answer before this one ran: nothing to send.
  if (forwarded.gone()) return;
  const { sent, via } = forwarded;
  const admission = via.admission;
  if (admission === undefined) {
    forwarded.go();
    return;
  }
  let inside = false;
  const admit = () => {
    inside = true;
    forwarded.go();
  };
  sent.release = () => {
    if (inside) admission.leave(admit);
    else admission.withdraw(admit);
    inside = false;
    sent.release = undefined;
  };
  // Given back at the latest when the answer closes (forwardOn's listener).
  if (admission.enter(admit)) admit();
}

const NO_BODY: Body = { held: Buffer.alloc(0) };

/** A body up to this size is held whole before it is sent on, so that it can be sent again (as the relay's). */
const HOLD_BYTES = 1 << 20;

/**
 * Sends a request on to workerd at `route`. Its body is held whole up to HOLD_BYTES, so the request can be
 * sent again on a fresh connection; a larger one streams through, never held in the launcher's memory; past
 * MAX_REQUEST_BYTES it is refused.
 */
export function forwardOn(route: Route, incoming: IncomingMessage, outgoing: ServerResponse, via: Via): void {
  const sent: Sent = {};
  const length = incoming.headers["content-length"];
  // Said up front: refused before a byte of it reaches workerd.
  if (Number(length) > MAX_REQUEST_BYTES) {
    refuse(outgoing, sent);
    return;
  }
  incoming.on("error", () => outgoing.destroy());
  // A client gone before its answer ended: what workerd still sends of it has nowhere to go, and its place
  // in the platform's line (enter) is given back, if it still holds one. One listener for both.
  outgoing.on("close", () => {
    sent.exchange?.abort();
    sent.release?.();
  });
  const forwarded = new Forwarded(route, incoming, outgoing, via, sent);
  takeTurn(incoming.socket, forwarded);
  // Most requests have no body (no length, or none, and no chunks): ready at once, no reading to wait for.
  // Node's server reads the (empty) rest of them once the answer is written.
  if ((length === undefined || length === "0") && incoming.headers["transfer-encoding"] === undefined) {
    forwarded.ready(NO_BODY);
    return;
  }
  const chunks: Buffer[] = [];
  let total = 0;
  const tooLarge = () => {
    incoming.off("data", onData).off("end", onEnd);
    refuse(outgoing, sent);
  };
  const onData = (chunk: Buffer) => {
    total += chunk.length;
    if (total > MAX_REQUEST_BYTES) {
      if (sent.refused !== true) tooLarge();
      return;
    }
    // Past the hold the body streams: the chunks held so far went to `ready`, the rest goes as it comes.
    if (total - chunk.length > HOLD_BYTES) return;
    chunks.push(chunk);
    if (total <= HOLD_BYTES) return;
    incoming.off("end", onEnd);
    // The rest waits in the socket while the request waits its turn; sending pipes it on.
    incoming.pause();
    forwarded.ready({ streamed: chunks });
  };
  const onEnd = () => forwarded.ready({ held: Buffer.concat(chunks) });
  incoming.on("data", onData).on("end", onEnd);
}
