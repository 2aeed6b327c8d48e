import {
  ADAPT_MS,
  type AdmissionOptions,
  RAISE_WHEN_IDLE,
  SATURATED,
  SLOW_LIMIT,
  SLOW_MS,
} from "./admission-settings.ts";

export { DEFAULT_MAX_IN_FLIGHT } from "./admission-settings.ts";

/**
 * How many requests the relay lets into workerd at once; the rest wait their turn in the relay, first come
 * first served, and one whose client leaves before its turn costs workerd nothing.
 *
 * Why a line at all: past the platform's rate a client's requests pile up faster than they are answered, and
 * a load generator opens a connection for each (4,096 at 1,200 decorates/s, about 1.2 times what one core
 * served). Inside workerd every one of them was started at once, and workerd went on serving requests whose
 * clients had given up: from 1,000 answers a second to none (infra/bench/user-code-hop/README.md, section 8).
 *
 * Why 16 by default: DEFAULT_MAX_IN_FLIGHT (admission-settings.ts).
 *
 * The limit is not fixed: requests that wait by design (a `wait` behavior, user code, a proxy) hold their
 * places without using a CPU. While requests wait here and half the places are held by requests inside for
 * SLOW_MS or more, it doubles (`adapt`), up to SLOW_LIMIT, or further while the CPUs this process may use are
 * idle; it halves back toward the base once fewer than a quarter are. A request is slow by design only while
 * workerd's event loop has time to spare: while it is saturated (SATURATED), every one inside is slow because
 * it waits for that loop, so none counts as slow.
 */
export class Admission {
  /** The requests inside, each with when it went in (performance.now()). */
  readonly #inside = new Map<() => void, number>();
  #limit: number;
  /** Relays waiting for a turn, oldest first (a Set keeps insertion order and drops a leaver in O(1)). */
  readonly #waiting = new Set<() => void>();

  #timer: NodeJS.Timeout | undefined;
  /** The CPUs' idle share at the last tick, and when the limit last doubled between ticks. */
  #idle: number | undefined;
  #widened = Number.NEGATIVE_INFINITY;

  readonly max: number;
  readonly #slowMs: number;
  readonly #idleShare: () => number | undefined;
  readonly #busyShare: () => number | undefined;

  constructor(
    readonly base: number,
    options: AdmissionOptions = {},
  ) {
    this.#limit = base;
    this.max = options.max ?? base * 1024;
    this.#slowMs = options.slowMs ?? SLOW_MS;
    this.#idleShare = options.idle ?? (() => undefined);
    this.#busyShare = options.busy ?? (() => undefined);
  }

  /**
   * True when the request may go in now; otherwise `admit` is called when its turn comes. `admit` is the
   * request's key: `leave` takes the same function.
   */
  enter(admit: () => void): boolean {
    // Before this request joins the line: a widening admits the ones already waiting, never this one, whose
    // caller learns of its turn from the answer here (an `admit` called before that would be lost).
    if (this.#inside.size >= this.#limit || this.#waiting.size > 0) this.#widenIfSlow();
    if (this.#inside.size < this.#limit && this.#waiting.size === 0) {
      this.#inside.set(admit, performance.now());
      return true;
    }
    this.#waiting.add(admit);
    if (this.#timer === undefined) {
      // From now: the sampler's last reading may be minutes old, an idle spell that says nothing of this one.
      this.#idleShare();
      this.#busyShare();
      this.#idle = undefined;
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
    this.#idle = this.#idleShare();
    this.adapt(this.#idle, this.#slow(performance.now()), this.#busyShare());
    if (!this.adapting) this.close();
  }

  /**
   * Between two ticks: slow requests that fill the places hold up quick ones behind them at once (a test's
   * twenty calls to a stub that waits, then its admin call), so the limit doubles as soon as they do, at most
   * once every SLOW_MS.
   */
  #widenIfSlow(): void {
    const now = performance.now();
    const oldest = this.#inside.values().next();
    if (now - this.#widened < this.#slowMs || oldest.done === true || now - oldest.value < this.#slowMs)
      return;
    if (saturated(this.#busyShare())) return;
    this.#widened = now;
    this.#widen(this.#idle, this.#slow(now), true);
  }

  /** How many requests have been inside SLOW_MS or more: the map's first ones, as it keeps the order of entry. */
  #slow(now: number): number {
    const since = now - this.#slowMs;
    let slow = 0;
    for (const at of this.#inside.values()) {
      if (at > since) break;
      slow++;
    }
    return slow;
  }

  /** A request that went in (`admit`, as it entered) was answered or its connection went: the next goes in. */
  leave(admit: () => void): void {
    if (!this.#inside.delete(admit)) return;
    this.#admitWaiting();
  }

  /** A request that waited and will not go in (its client left). */
  withdraw(admit: () => void): void {
    this.#waiting.delete(admit);
  }

  /**
   * `idle`: the share of the last moment the CPUs were idle (undefined: not known); `slow`: how many requests
   * have been inside SLOW_MS or more. Half the places held by slow ones while requests wait: let more in (past
   * SLOW_LIMIT only while the CPUs idle). Few slow ones: back toward the base. `busy`: workerd's event loop's
   * share of a CPU (undefined: not known); saturated, no request inside counts as slow.
   */
  adapt(idle: number | undefined, slow: number, busy?: number): void {
    if (saturated(busy)) slow = 0;
    if (!this.#widen(idle, slow) && slow * 4 < this.#limit && this.#limit > this.base) {
      this.#limit = Math.max(this.base, Math.floor(this.#limit / 2));
    }
  }

  /** `arriving`: a request is about to wait, which counts as one waiting. */
  #widen(idle: number | undefined, slow: number, arriving = false): boolean {
    const ceiling = idle !== undefined && idle > RAISE_WHEN_IDLE ? this.max : Math.max(this.base, SLOW_LIMIT);
    if ((this.#waiting.size === 0 && !arriving) || slow * 2 < this.#limit || this.#limit >= ceiling)
      return false;
    this.#limit = Math.min(ceiling, this.#limit * 2);
    this.#admitWaiting();
    return true;
  }

  /** Whether `adapt` has anything to do: requests wait, or the limit is above its base. */
  get adapting(): boolean {
    return this.#waiting.size > 0 || this.#limit > this.base;
  }

  get inside(): number {
    return this.#inside.size;
  }

  get waiting(): number {
    return this.#waiting.size;
  }

  get limit(): number {
    return this.#limit;
  }

  #admitWaiting(): void {
    while (this.#inside.size < this.#limit) {
      const next = this.#waiting.values().next();
      if (next.done === true) return;
      this.#waiting.delete(next.value);
      this.#inside.set(next.value, performance.now());
      next.value();
    }
  }
}

const saturated = (busy: number | undefined) => busy !== undefined && busy >= SATURATED;
