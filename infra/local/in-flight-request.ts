/** A request is replayed on a fresh upstream connection only up to this size (it is held until answered). */
const REPLAY_LIMIT_BYTES = 1 << 20;

/** workerd's connection, as a replayed request is written to it. */
interface UpstreamSide {
  write(chunk: Buffer): boolean;
}

/**
 * The request a relay has in workerd until its answer starts: a copy to send again should workerd's idle
 * close have met it, and the times that tell that close from any other.
 */
export class InFlightRequest {
  /** The client's bytes sent upstream since upstream last answered (undefined past REPLAY_LIMIT_BYTES). */
  #copy: Buffer[] | undefined = [];
  /** How many: none while no request is in flight. */
  bytes = 0;
  /** When upstream last sent a byte (or was dialled), and when the request in flight began. */
  #lastHeard = 0;
  #sentAt = 0;
  #replayed = false;

  /** `quietMs`: silence this long before a close means workerd's idle close. */
  constructor(private readonly quietMs: number) {}

  sent(chunk: Buffer): void {
    if (this.bytes === 0) this.#sentAt = Date.now();
    this.bytes += chunk.length;
    if (this.bytes > REPLAY_LIMIT_BYTES) this.#copy = undefined;
    this.#copy?.push(chunk);
  }

  heard(): void {
    this.#lastHeard = Date.now();
  }

  answered(): void {
    this.#copy = [];
    this.bytes = 0;
    this.#replayed = false;
  }

  /** The request was refused: none of it may go to workerd again. */
  dropped(): void {
    this.#copy = undefined;
    this.bytes = 0;
  }

  /** Too large to send again (past REPLAY_LIMIT_BYTES), so a close that meets it is passed on. */
  get unreplayable(): boolean {
    return this.bytes > 0 && this.#copy === undefined;
  }

  /**
   * workerd's idle close: a quiet spell, and no request in flight or one sent when workerd's wait was
   * (nearly) over. workerd closes only while it waits for a request, before reading one, so that request
   * can go out again on a new connection; anything else that closes is passed on to the client.
   */
  isIdleClose(clientEnded: boolean): boolean {
    const quietMs = this.quietMs;
    if (Date.now() - this.#lastHeard < quietMs || this.#replayed || clientEnded) return false;
    return this.bytes === 0 || this.#sentAt - this.#lastHeard >= quietMs / 2;
  }

  /** Something to send again: the request in flight, whole. */
  get replayable(): boolean {
    return this.#copy !== undefined && this.#copy.length > 0;
  }

  replayOn(fresh: UpstreamSide): void {
    this.#replayed = true;
    for (const chunk of this.#copy ?? []) fresh.write(chunk);
  }
}
