/** The client's connection, as a held answer is written to it. */
interface ClientSide {
  write(chunk: Buffer): boolean;
}

/** workerd's connection, as a held answer leaves the rest of it there. */
interface UpstreamSide {
  pause(): unknown;
  resume(): unknown;
}

/**
 * An answer held back for its stub's `wait` (DELAY_ANSWER), its chunks in order, and what to do with the
 * client once they are out, should workerd's connection have ended meanwhile.
 */
export class HeldAnswer {
  #chunks: Buffer[] | undefined;
  #timer: NodeJS.Timeout | undefined;
  #after: (() => void) | undefined;

  /** `upstream`: workerd's connection at the moment it is asked for (the relay dials anew after a close). */
  constructor(
    private readonly client: ClientSide,
    private readonly upstream: () => UpstreamSide | undefined,
  ) {}

  get holding(): boolean {
    return this.#chunks !== undefined;
  }

  /**
   * A stub's `wait`, served here: workerd answered at once and its place in the line is free already; the
   * answer goes to the client `ms` later, and what else comes from workerd meanwhile goes after it.
   */
  hold(ms: number): void {
    // A pipelined answer marked behind one still held goes out with it (mb would wait for each in turn).
    if (this.#chunks !== undefined) return;
    this.#chunks = [];
    // The rest of a large answer stays with workerd (which holds it anyway) until it may go.
    this.upstream()?.pause();
    this.#timer = setTimeout(this.#release, ms);
  }

  /** What comes from workerd while an answer is held: it goes out after that answer, in order. */
  keep(chunk: Buffer): void {
    this.#chunks?.push(chunk);
  }

  /** Once the held chunks are out: the client learns what became of workerd only after that answer. */
  afterwards(after: () => void): void {
    this.#after = after;
  }

  /** The client's connection closed: nothing more is written to it. */
  drop(): void {
    clearTimeout(this.#timer);
  }

  readonly #release = () => {
    const chunks = this.#chunks ?? [];
    const after = this.#after;
    this.#chunks = undefined;
    this.#timer = undefined;
    this.#after = undefined;
    let more = true;
    for (const chunk of chunks) more = this.client.write(chunk);
    if (more) this.upstream()?.resume();
    after?.();
  };
}
