/** The settings of the line into workerd (admission.ts), and why each is what it is. */

export interface AdmissionOptions {
  /** The CPUs' idle share since it was last asked (cpu-idle.ts), asked every ADAPT_MS while requests wait. */
  idle?: () => number | undefined;
  /** workerd's event loop's share of one CPU since it was last asked (cpu-busy.ts), asked as `idle` is. */
  busy?: () => number | undefined;
  /** The highest the limit goes while the CPUs idle (SLOW_LIMIT is as high as it goes otherwise). */
  max?: number;
  /** How long inside makes a request slow (SLOW_MS). */
  slowMs?: number;
}

/** Often enough to follow a load's change within a second; the CPU counters move in 10 ms ticks. */
export const ADAPT_MS = 200;
export const RAISE_WHEN_IDLE = 0.25;
/**
 * workerd's event loop this busy is the bottleneck: its requests are slow because they wait for it, not by
 * design, and letting more in only starves some of them (DEFAULT_MAX_IN_FLIGHT). Under 50 connections reading
 * the admin API (1–2 ms of workerd each, so 16 inside took over SLOW_MS) the loop ran 0.96 of a CPU, the
 * line widened to 64 and requests stalled 2 s and more (infra/bench/admin-mixed/).
 */
export const SATURATED = 0.8;
/**
 * A request inside this long is not a quick one held up by workerd's CPU but one that waits. A plain stub's
 * takes about a millisecond with 16 inside; under a busy machine's contention the slowest took up to 80 ms,
 * and at 20 ms half of the 16 were judged slow often enough to widen the line and bring a stall back.
 */
export const SLOW_MS = 50;
/**
 * How far slow requests alone raise the limit: the line of the user-code host (HOST_MAX_WAITING), which a
 * saturated `decorate` fills when more are let in (with 1,024 let in at 1,400 decorates/s the host answered
 * a tenth of them busy; with 256, none).
 */
export const SLOW_LIMIT = 256;

/**
 * workerd's event loop (kj's UnixEventPort) asks epoll for at most 16 ready sockets at a time, and asks again
 * only once it has nothing left to run. With more requests inside than that, the 16 connections it last got
 * could keep it busy on their own (each next request is back before workerd runs out of work), and the
 * others' requests sat unread: on a machine busy with a test suite, groups of 34 of 50 connections stalled
 * 0.5–2 s at once (infra/bench/kj-starvation/). With 16 inside, every answer lets in the oldest waiter,
 * whose socket workerd must ask epoll for.
 */
export const DEFAULT_MAX_IN_FLIGHT = 16;
