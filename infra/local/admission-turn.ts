import type { Admission } from "./admission.ts";

/** How much of a client's bytes the relay holds while its request waits for a turn, before it stops reading. */
const MAX_QUEUED_BYTES = 64 * 1024;

/** One client connection's place in the admission's line (admission.ts), and its request's bytes meanwhile. */
export class AdmissionTurn {
  /** Whether a request of this client's holds one of the admission's places. */
  admitted = false;
  /** A request's bytes while it waits for a place, and how many (past MAX_QUEUED_BYTES the client is paused). */
  #queued: Buffer[] | undefined;
  #queuedBytes = 0;
  /** The request's key in the admission's line, called when its turn comes. */
  readonly #admit = () => this.#admitQueued();

  /** `admission` absent: every request goes in at once. `go`: the waiting request's bytes, at its turn. */
  constructor(
    private readonly admission: Admission | undefined,
    private readonly go: (chunks: Buffer[]) => void,
  ) {}

  get waiting(): boolean {
    return this.#queued !== undefined;
  }

  /** A request starts with `chunk`: true when it may go to workerd now, else it waits for `go`. */
  enter(chunk: Buffer): boolean {
    if (this.admission === undefined) return true;
    if (!this.admission.enter(this.#admit)) {
      // Not paused: a client waits for its answer before it sends more, and a pause and a resume each
      // cost the relay a system call per request whenever requests wait their turn.
      this.#queued = [chunk];
      this.#queuedBytes = chunk.length;
      return false;
    }
    this.admitted = true;
    return true;
  }

  /** More of the waiting request: true once the client should stop being read until its turn. */
  add(chunk: Buffer): boolean {
    this.#queued?.push(chunk);
    this.#queuedBytes += chunk.length;
    return this.#queuedBytes > MAX_QUEUED_BYTES;
  }

  #admitQueued(): void {
    this.admitted = true;
    const chunks = this.#queued ?? [];
    this.#queued = undefined;
    this.go(chunks);
  }

  /** The waiting request will not go in (its client left, or its connection went). */
  withdraw(): void {
    if (this.#queued === undefined) return;
    this.admission?.withdraw(this.#admit);
    this.#queued = undefined;
  }

  /** The request was answered or its connection went: its place (or its wait) goes to the next. */
  leave(): void {
    this.withdraw();
    if (!this.admitted) return;
    this.admitted = false;
    this.admission?.leave(this.#admit);
  }
}
