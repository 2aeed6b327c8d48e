/**
 * How long one call into user code may take, wall clock, before it fails. Mountebank has no limit (an
 * inject that never calls back hangs its request forever); ours keeps a stuck function from holding a
 * request, and the imposter's state lock, for long. Locally it is the only guard: workerd enforces no
 * CPU limit, so a synchronous endless loop cannot be interrupted at all (see index.ts).
 */
export const USER_CODE_TIMEOUT_MS = 1000;

/** CPU milliseconds per call into user code, enforced by Cloudflare (not by workerd locally). */
export const USER_CODE_CPU_MS = 100;

/** `work`, or `onTimeout()` as a rejection once `ms` have passed without an answer. */
export function withDeadline<T>(work: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

const TICK = Symbol("tick");

/**
 * `work`, asked about every `ms` while it runs: once `stillFine()` answers false, `onTimeout()` as a
 * rejection. The local host's calls wait so: past the limit, a call fails only when the host is stuck.
 */
export async function withChecks<T>(
  work: Promise<T>,
  ms: number,
  stillFine: () => Promise<boolean>,
  onTimeout: () => Error,
): Promise<T> {
  // A call given up on still settles later (the host lost under it): that must not go unhandled.
  work.catch(() => undefined);
  for (;;) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = new Promise<typeof TICK>((done) => {
      timer = setTimeout(() => done(TICK), ms);
    });
    const first = await Promise.race([work, tick]).finally(() => clearTimeout(timer));
    if (first !== TICK) return first;
    if (!(await stillFine())) throw onTimeout();
  }
}

const tails = new WeakMap<object, Promise<unknown>>();

/**
 * Runs tasks on the same key one after another. User state crosses into the isolate as a copy and comes
 * back as a new copy, so two calls in flight at once would each start from the same state and the later
 * answer would erase the earlier one's changes. Mountebank runs a synchronous function to completion
 * before the next request's, so its updates are never lost: running calls that share a state bag in
 * turn gives the same result.
 */
export function exclusive<T>(key: object, task: () => Promise<T>): Promise<T> {
  const previous = tails.get(key) ?? Promise.resolve();
  const run = previous.then(task, task);
  tails.set(
    key,
    run.catch(() => undefined),
  );
  return run;
}
