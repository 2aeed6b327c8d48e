/**
 * How many requests the relay lets into workerd at once; the rest wait their turn in the relay, first come
 * first served, and one whose client leaves before its turn costs workerd nothing.
 *
 * Why: past the platform's rate a client's requests pile up faster than they are answered, and a load
 * generator opens a connection for each (4,096 at 1,200 decorates/s, about 1.2 times what one core served).
 * Inside workerd every one of them was started at once, and workerd went on serving requests whose clients
 * had given up: from 1,000 answers a second to none (infra/bench/user-code-hop/README.md, section 8). Waiting
 * here, they keep the platform at its rate, as Mountebank's one Node process is.
 *
 * The limit is not fixed: requests that wait by design (a `wait` behavior) hold their places without using
 * a CPU, so while requests wait here and the CPUs this process may use are idle, it doubles (`adapt`), and
 * it halves back toward the base once they are busy.
 */
export class Admission {
  #inside = 0;
  #limit: number;
  /** Relays waiting for a turn, oldest first (a Set keeps insertion order and drops a leaver in O(1)). */
  readonly #waiting = new Set<() => void>();

  #timer: NodeJS.Timeout | undefined;

  /** `idle` is asked every ADAPT_MS while requests wait or the limit is above its base (cpu-idle.ts). */
  constructor(
    readonly base: number,
    private readonly idle: () => number | undefined = () => undefined,
    readonly max = base * 64,
  ) {
    this.#limit = base;
  }

  /** True when the request may go in now; otherwise `admit` is called when its turn comes. */
  enter(admit: () => void): boolean {
    if (this.#inside < this.#limit && this.#waiting.size === 0) {
      this.#inside++;
      return true;
    }
    this.#waiting.add(admit);
    if (this.#timer === undefined) {
      // From now: the sampler's last reading may be minutes old, an idle spell that says nothing of this one.
      this.idle();
      this.#timer = setInterval(() => this.#tick(), ADAPT_MS).unref();
    }
    return false;
  }

  /** Stops asking for the CPUs' idle time (the relay's socket closed). */
  close(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  #tick(): void {
    const idle = this.idle();
    if (idle !== undefined) this.adapt(idle);
    if (!this.adapting) this.close();
  }

  /** A request that went in was answered (or its connection went): the next one waiting goes in. */
  leave(): void {
    this.#inside--;
    this.#admitWaiting();
  }

  /** A request that waited and will not go in (its client left). */
  withdraw(admit: () => void): void {
    this.#waiting.delete(admit);
  }

  /**
   * `idle`: the share of the last moment the CPUs were idle. Requests waiting while CPUs idle are held back
   * by requests that do not compute (a `wait`): let more in. Busy CPUs: back toward the base.
   */
  adapt(idle: number): void {
    if (this.#waiting.size > 0 && idle > RAISE_WHEN_IDLE) {
      this.#limit = Math.min(this.max, this.#limit * 2);
      this.#admitWaiting();
    } else if (idle < LOWER_WHEN_IDLE && this.#limit > this.base) {
      this.#limit = Math.max(this.base, Math.floor(this.#limit / 2));
    }
  }

  /** Whether `adapt` has anything to do: requests wait, or the limit is above its base. */
  get adapting(): boolean {
    return this.#waiting.size > 0 || this.#limit > this.base;
  }

  get inside(): number {
    return this.#inside;
  }

  get waiting(): number {
    return this.#waiting.size;
  }

  get limit(): number {
    return this.#limit;
  }

  #admitWaiting(): void {
    while (this.#inside < this.#limit) {
      const next = this.#waiting.values().next();
      if (next.done === true) return;
      this.#waiting.delete(next.value);
      this.#inside++;
      next.value();
    }
  }
}

/** Often enough to follow a load's change within a second; the CPU counters move in 10 ms ticks. */
const ADAPT_MS = 200;
const RAISE_WHEN_IDLE = 0.25;
const LOWER_WHEN_IDLE = 0.1;

/**
 * Above the 200 connections of the load tests and the soak, and no more than the user-code host's line
 * (HOST_MAX_WAITING): with 1,024 let in at 1,400 decorates/s the host answered a tenth of them busy; with
 * 256, none.
 */
export const DEFAULT_MAX_IN_FLIGHT = 256;
