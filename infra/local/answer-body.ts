import type { ServerResponse } from "node:http";

/** The side of a request to workerd that reads its answer: paused while the client's socket is full. */
export interface AnswerSource {
  pause(): void;
  resume(): void;
}

/**
 * An answer's body from workerd on its way to the client: held until its head is written (a stub's `wait`
 * holds it that long; the edge has its whole body by then, so it is no more than workerd holds already),
 * then written on as it comes, workerd's side paused while the client's is full.
 */
export class AnswerBody {
  private held: Buffer[] = [];
  private to: ServerResponse | undefined;
  private ended = false;
  private failed = false;
  private dropped = false;
  /** A drain is waited for: one listener however many writes found the client's buffer full. */
  private waiting = false;

  constructor(private readonly source: AnswerSource) {}

  push(chunk: Buffer): void {
    if (this.dropped) return;
    const to = this.to;
    if (to === undefined) this.held.push(chunk);
    else this.write(to, chunk);
  }

  finish(): void {
    this.ended = true;
    if (!this.dropped) this.to?.end();
  }

  /** workerd's connection failed before the body ended: the client's is cut, as workerd's was. */
  fail(): void {
    this.failed = true;
    if (!this.dropped) this.to?.destroy();
  }

  /** Nothing of it goes to the client (a fault answered instead, or a client already gone). */
  drop(): void {
    this.dropped = true;
    this.held = [];
  }

  /** Writes what came so far to `to` (its head written already), and the rest as it comes. */
  pipeTo(to: ServerResponse): void {
    this.to = to;
    for (const chunk of this.held) this.write(to, chunk);
    this.held = [];
    if (this.failed) to.destroy();
    else if (this.ended) to.end();
  }

  private write(to: ServerResponse, chunk: Buffer): void {
    if (to.write(chunk) || to.destroyed || this.ended || this.waiting) return;
    this.waiting = true;
    this.source.pause();
    to.once("drain", () => {
      this.waiting = false;
      this.source.resume();
    });
  }
}
