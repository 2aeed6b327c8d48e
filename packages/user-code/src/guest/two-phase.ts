/**
 * A loaded worker's call in two phases, for the local user-code host (host-worker.ts): `start(call,
 * limitMs)` runs the function until it waits and answers `{ done: outcome }` when it has finished by then,
 * or `{ pending: id }`; `finish(id)` answers that call's outcome once it has one.
 *
 * Why: the host runs the synchronous parts of calls one at a time, timed from each call's turn, because
 * workerd cannot tell it when a loaded worker starts a call. With one `run` the turn was held until the
 * call ended, so a function that waits (`callback` after a timer, as mb's examples delay an answer) held
 * every other function's call for as long as it waited: 20 requests to one that waits 900 ms kept another
 * imposter's trivial decorate 14.5 s. With `start`, the turn ends when the function waits.
 *
 * Plain JavaScript pasted into `main.js` (the guest's and the host's test workers alike), like runtime.js.
 */
export const TWO_PHASE_FUNCTIONS = `
// A synchronous function's outcome settles within a few turns of the microtask queue (runtime.js awaits
// once or twice); one still unsettled after SETTLE_HOPS is waiting on something else, a timer most likely.
const SETTLE_HOPS = 16;
// A started call's outcome, kept for its finish until its limit and a margin have passed: a function that
// never calls back, or whose caller gave up, leaves nothing behind.
const PENDING = new Map();
const KEEP_PAST_LIMIT_MS = 2000;
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

async function startCall(entry, call, limitMs) {
  const record = { settled: undefined, until: 0 };
  const outcome = new Promise((done) => done(entry.run(call)));
  const settle = outcome.then((value) => { record.settled = { value }; }, (error) => { record.settled = { error }; });
  for (let hop = 0; hop < SETTLE_HOPS && record.settled === undefined; hop++) await undefined;
  if (record.settled !== undefined) return { done: settledValue(record.settled) };
  const now = Date.now();
  for (const [id, kept] of PENDING) if (kept.until < now) PENDING.delete(id);
  const keepMs = (Number(limitMs) || 1000) + KEEP_PAST_LIMIT_MS;
  record.until = now + keepMs;
  // Random, not counted: an isolate replaced between start and finish counts from 0 again, and its finish
  // would read another call's outcome.
  const id = crypto.randomUUID();
  PENDING.set(id, record);
  // The call's own context must outlive start for the function's timers to fire (workerd cancels a
  // finished call's work); bounded, so a function that never calls back holds it no longer than this.
  entry.ctx.waitUntil(Promise.race([settle, sleep(keepMs)]));
  return { pending: id };
}

function settledValue(settled) {
  if ("error" in settled) throw settled.error;
  return settled.value;
}

// The outcome is read by polling, not awaited: a promise of start's context settling finish's would make
// workerd take finish for hung. Polls thin out as the wait grows, so the answer comes at most ~5% late.
async function finishCall(id, waitMs) {
  const record = PENDING.get(id);
  if (record === undefined) return { ok: false, data: "user code was unloaded during this call" };
  const begun = Date.now();
  while (record.settled === undefined && Date.now() - begun < waitMs) {
    await sleep(Math.min(20, Math.max(1, (Date.now() - begun) / 20)));
  }
  // The host words the timeout (it knows the limit): its own timer and this wait end at about the same time.
  if (record.settled === undefined) return { late: true };
  PENDING.delete(id);
  return settledValue(record.settled);
}
`;

/** The entrypoint's two methods, for a class that has `run(call)`. */
export const TWO_PHASE_METHODS = `
  start(call, limitMs) {
    return startCall(this, call, limitMs);
  }
  finish(id, waitMs) {
    return finishCall(id, Number(waitMs) || 0);
  }
`;
