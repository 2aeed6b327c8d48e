import type { Socket } from "node:net";
import { CLOSE_AFTER_ANSWER, type SocketFault } from "@mockctl/contract/faults";
import type { Admission } from "./admission.ts";
import { AdmissionTurn } from "./admission-turn.ts";
import { handedOver } from "./handed-over.ts";
import { HeldAnswer } from "./held-answer.ts";
import { InFlightRequest } from "./in-flight-request.ts";
import { markOf, playFault, withConnectionClose, withoutMark } from "./relay-marks.ts";
import { tooLargeAnswer } from "./request-limit.ts";
import { RequestTidy } from "./request-tidy.ts";
import { connectUpstream, type Upstream } from "./upstream-connection.ts";
import { WholeHead } from "./whole-head.ts";

export type { Upstream } from "./upstream-connection.ts";

export interface RelaySettings {
  upstream: Upstream;
  clientIdleMs: number;
  quietMs: number;
  /** Shared by every relay of a socket: how many requests are in workerd at once (admission.ts). */
  admission?: Admission;
  /** The most bytes a request may send before workerd answers (request-limit.ts); absent: no limit. */
  maxRequestBytes?: number;
  /**
   * Takes over a client whose request Node's HTTP server must answer (handed-over.ts: HTTP/1.0, or
   * `Connection: close`), with that request's first bytes. Absent: every request is relayed.
   */
  handOver?: (client: Socket, chunk: Buffer) => void;
}

/** How long a refused client may go on sending (its bytes thrown away) before its connection is cut. */
const REFUSED_DRAIN_MS = 5_000;

/** One client connection and the workerd connection currently behind it. */
export class Relay {
  private upstream: Socket | undefined;
  /** The request in workerd, kept to go out again after workerd's idle close (in-flight-request.ts). */
  private readonly inFlight: InFlightRequest;
  /** This client's place in the admission's line (admission-turn.ts). */
  private readonly turn: AdmissionTurn;
  /** Answered 413 for a request past the limit: what the client still sends is thrown away. */
  private refused = false;
  /** An answer asked for the connection to close after it (CLOSE_AFTER_ANSWER): nothing more is relayed. */
  private closing = false;
  /** No byte of this connection has been relayed yet: only then may it be handed over (handed-over.ts). */
  private fresh = true;
  /** An answer held back for its stub's `wait` (held-answer.ts). */
  private readonly held: HeldAnswer;
  /** What workerd cannot read in a request is taken out (request-tidy.ts): nothing, for plain requests. */
  private readonly tidy = new RequestTidy();
  /** A request's head while it is still incomplete (whole-head.ts). */
  private readonly head = new WholeHead(this.tidy);

  constructor(
    private readonly client: Socket,
    private readonly settings: RelaySettings,
  ) {
    this.inFlight = new InFlightRequest(settings.quietMs);
    this.held = new HeldAnswer(client, () => this.upstream);
    this.turn = new AdmissionTurn(settings.admission, (chunks) => this.sendQueued(chunks));
    client.on("data", this.onData);
    client.on("drain", this.onDrain);
    client.on("end", this.onEnd);
    client.on("error", () => client.destroy());
    client.on("close", () => {
      this.held.drop();
      this.upstream?.destroy();
      this.turn.leave();
    });
    client.setTimeout(settings.clientIdleMs, this.onIdle);
    this.dial();
  }

  private readonly onData = (chunk: Buffer) => this.fromClient(chunk);
  private readonly onDrain = () => this.upstream?.resume();
  private readonly onEnd = () => this.clientEnded();
  private readonly onIdle = () => {
    if (this.inFlight.bytes === 0) this.client.end();
  };

  private fromClient(given: Buffer): void {
    if (this.refused || this.closing) return;
    if (this.turn.waiting) {
      // A client that goes on sending (a body, pipelined requests) stops being read until its turn.
      if (this.turn.add(this.tidy.more(given))) this.client.pause();
      return;
    }
    const starts = this.inFlight.bytes === 0 && !this.turn.admitted;
    const whole = starts ? this.head.take(given) : given;
    if (whole === undefined) return;
    const handOver = this.settings.handOver;
    // Only a connection's first request: one pipelined behind an answer still streaming would cut it short.
    if (this.fresh && handOver !== undefined && handedOver(whole, this.head.end)) {
      this.handOver(handOver, whole);
      return;
    }
    this.fresh = false;
    const chunk = starts ? this.tidy.start(whole, this.head.end) : this.tidy.more(whole);
    if (chunk.length === 0) return;
    if (starts && !this.turn.enter(chunk)) return;
    this.send(chunk);
  }

  private sendQueued(chunks: Buffer[]): void {
    for (const chunk of chunks) this.send(chunk);
    if (this.client.isPaused()) this.client.resume();
  }

  /** A client that leaves before its request's turn takes nothing from workerd; one in flight is answered. */
  private clientEnded(): void {
    if (this.turn.waiting) {
      this.turn.withdraw();
      this.client.end();
      return;
    }
    if (this.upstream) this.upstream.end();
    else this.client.end();
  }

  private send(chunk: Buffer): void {
    if (this.refused) return;
    const max = this.settings.maxRequestBytes;
    if (max !== undefined && this.inFlight.bytes + chunk.length > max) {
      this.refuse(max);
      return;
    }
    const upstream = this.upstream ?? this.dial();
    this.inFlight.sent(chunk);
    if (!upstream.write(chunk)) this.client.pause();
  }

  /** The client leaves the relay between two requests: nothing of it is in flight. */
  private handOver(to: (client: Socket, chunk: Buffer) => void, chunk: Buffer): void {
    this.client.off("data", this.onData).off("drain", this.onDrain).off("end", this.onEnd);
    this.client.setTimeout(0, this.onIdle);
    const upstream = this.upstream;
    this.upstream = undefined;
    upstream?.destroy();
    this.turn.leave();
    to(this.client, chunk);
  }

  /**
   * A request past the limit: workerd's connection goes (and with it the part workerd holds), the client gets
   * 413 in mb's envelope and its connection closes once it stops sending, or after REFUSED_DRAIN_MS.
   */
  private refuse(max: number): void {
    this.refused = true;
    const upstream = this.upstream;
    this.upstream = undefined;
    upstream?.destroy();
    this.inFlight.dropped();
    this.turn.leave();
    this.client.resume();
    this.client.end(tooLargeAnswer(max));
    setTimeout(() => this.client.destroy(), REFUSED_DRAIN_MS).unref();
  }

  /** An arrow, so that it is itself each upstream connection's reader: no wrapper to call per chunk. */
  private readonly fromUpstream = (chunk: Buffer): void => {
    if (this.inFlight.bytes > 0) {
      this.inFlight.answered();
      this.turn.leave();
      this.tidy.answered();
      const mark = markOf(chunk);
      if (mark === CLOSE_AFTER_ANSWER) {
        chunk = this.closeAfterAnswer(chunk);
      } else if (typeof mark === "object") {
        this.held.hold(mark.delayMs);
        chunk = withoutMark(chunk);
      } else if (mark !== undefined) {
        this.simulate(mark);
        return;
      }
    }
    this.inFlight.heard();
    // A copy (from Node's pool when small): the write may finish after the next read reuses the buffer.
    if (this.held.holding) this.held.keep(Buffer.from(chunk));
    else if (!this.client.write(Buffer.from(chunk))) this.upstream?.pause();
  };

  /**
   * A stub that says `Connection: close`: its answer goes out with that header, and the client's connection
   * closes once it has all of it, as mb's Node server closes it. The relay cannot tell where an answer ends;
   * workerd can: told that no more requests come (a half-close), it sends the rest and then closes, which
   * `upstreamGone` passes on to the client. Bytes the client sends after it are thrown away.
   */
  private closeAfterAnswer(chunk: Buffer): Buffer {
    this.closing = true;
    this.upstream?.end();
    return withConnectionClose(chunk);
  }

  /**
   * mb's `helpers.simulateFault`: `socket.destroy()` before any byte of the answer, or after its garbage
   * bytes. The upstream connection carries the rest of the edge's stand-in answer, so it goes too.
   */
  private simulate(fault: SocketFault): void {
    playFault(fault, this.client);
    const upstream = this.upstream;
    this.upstream = undefined;
    upstream?.destroy();
  }

  private dial(): Socket {
    const upstream = connectUpstream(this.settings.upstream, this.fromUpstream);
    this.upstream = upstream;
    this.inFlight.heard();
    upstream.on("drain", () => this.client.resume());
    upstream.on("end", () => this.upstreamGone(upstream, false));
    upstream.on("error", () => this.upstreamGone(upstream, true));
    return upstream;
  }

  private upstreamGone(upstream: Socket, reset: boolean): void {
    if (upstream !== this.upstream) return;
    this.upstream = undefined;
    upstream.destroy();
    if (this.held.holding && !this.inFlight.isIdleClose(this.client.readableEnded)) {
      // An answer held for its `wait` goes out first; then the client learns what became of workerd.
      this.held.afterwards(() => (reset ? this.client.resetAndDestroy() : this.client.end()));
      return;
    }
    // The close this relay asked for (closeAfterAnswer), however long the answer took: never an idle close.
    if (this.closing) {
      this.client.end();
      return;
    }
    if (!this.inFlight.isIdleClose(this.client.readableEnded) || this.inFlight.unreplayable) {
      // A reset stays a reset (mb's CONNECTION_RESET_BY_PEER fault, as the edge approximates it).
      if (reset) this.client.resetAndDestroy();
      else this.client.end();
    } else if (this.inFlight.replayable) {
      this.inFlight.replayOn(this.dial());
      this.client.resume();
    }
  }
}
