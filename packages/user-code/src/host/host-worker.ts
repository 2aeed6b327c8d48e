/**
 * The user-code host's one Worker, as module text (it runs in its own workerd process, not here; written
 * as plain JavaScript like the guest's RUNTIME_MODULE, so the launcher needs no bundler for it).
 *
 * The edge posts `{ id, call, limitMs }` to `/run`, adding `code` ({ compatibilityDate, compatibilityFlags, mainModule,
 * modules }) only when the host answered 409 because it does not hold that id yet (it was just started or restarted). The
 * host loads the code with its own LOADER, exactly as the deployed edge does, and answers the loaded
 * worker's UserOutcome as JSON, or `{ error }` with status 500 when the worker cannot start or the call
 * throws (the edge rethrows it, so a module that fails to compile is replaced as it is on Cloudflare).
 * Calls run one at a time until they wait (two-phase.ts), each timed from its turn: one that ran or waited
 * past `limitMs` answers `{ ok: false, data: "user code did not finish within <limitMs> ms" }` (mb's
 * envelope at the edge).
 *
 * Sandbox: whatever the edge sends, the loaded worker gets no bindings (`env: {}`) and no network
 * (`globalOutbound: null`). The host keeps nothing between calls but code by content id, so no imposter
 * sees another's state. `/ping` answers on the host's only thread: a function looping synchronously
 * blocks it, which is how the supervisor tells a stuck host from a slow function.
 */
/** Calls that may wait in the host's line for their turn; one more is answered at once as busy. */
export const HOST_MAX_WAITING = 256;

export const HOST_WORKER_MODULE = `// mockctl user-code host (@mockctl/user-code/host)
const MAX_CODES = 256;
const codes = new Map();

function remember(id, code) {
  if (codes.size >= MAX_CODES && !codes.has(id)) codes.delete(codes.keys().next().value);
  codes.set(id, {
    compatibilityDate: String(code.compatibilityDate),
    compatibilityFlags: Array.isArray(code.compatibilityFlags) ? code.compatibilityFlags.map(String) : [],
    mainModule: String(code.mainModule),
    modules: code.modules,
    env: {},
    globalOutbound: null,
  });
}

// One call at a time: its clock starts when its turn comes, so a call is timed by its own run, never by
// the time it waited for the thread behind other calls (the soak failed trivial decorates so, issue 8).
// The turn is a lease: a call whose request was cancelled may never end its turn, so a call ends by its
// own timer at its limit and a lease still held GRACE_MS later belongs to a call that is gone.
// A waiter polls on its own timer: waking it from the call that ends its turn (another request's
// promise) made workerd cancel calls as hung under load. Polling every POLL_MS alone left the thread idle
// up to that long between two calls, which held decorate to a third of mb's rate
// (load-tests/results/LATENCY.md), so the first NEXT_IN_LINE waiters, whose turn is near, poll on every
// turn of the event loop (a zero timer) and the rest every POLL_MS. Only for the first SPIN_MS of a turn:
// a call still holding it then is a slow one, and spinning through it would take the CPU the edge needs.
const GRACE_MS = 1000;
const POLL_MS = 2;
const NEXT_IN_LINE = 4;
const SPIN_MS = 5;
// Further back in line a turn is further off: a waiter polls less often the more calls are ahead of it,
// up to MAX_POLL_MS. Every waiter polling each POLL_MS made a queue of hundreds (decorate past the host's
// rate) spend the host's thread on its own timers, and the calls it served fell to a quarter.
const MAX_POLL_MS = 50;
const pollMs = (place) => Math.min(MAX_POLL_MS, POLL_MS * Math.ceil((place + 1) / NEXT_IN_LINE));
let holder = null;
/** Calls waiting for the turn, oldest first; one that has not polled for STALE_MS is gone. */
const waiting = [];
const STALE_MS = 1000;
// A call that finds MAX_WAITING calls in line is answered at once as busy. Past the host's rate the line
// grew without end: every waiting call holds its request and polls (the host grew 44 -> 68 MB in a second),
// and calls waited past the edge's deadline, so after a 3 s burst of 800 decorates/s the platform failed
// nearly every call at 200/s for 16 s (user-code-hop README, section 7). A bounded line sheds the excess and
// drains. 256 is above the 200 callers at once that must all be answered
// (infra/local/user-code-saturation.test.ts).
const MAX_WAITING = ${HOST_MAX_WAITING};
const BUSY = "the user code host is busy: " + MAX_WAITING + " calls are waiting for it; send fewer at once";
// A waiter polls at least every MAX_POLL_MS, so one unseen for LIVE_MS has most likely left (its request
// was cancelled: a client that gave up). It still holds its place until STALE_MS, but neither counts toward
// the bound nor pushes the live ones back: after a burst whose clients timed out, hundreds of such entries
// made the live waiters poll every 50 ms, the host idled between calls, and the line stayed full at 200/s.
const LIVE_MS = 5 * MAX_POLL_MS;
/** The live waiters ahead of me; with no me, all of them. */
function liveAhead(me, now) {
  let ahead = 0;
  for (const one of waiting) {
    if (one === me) break;
    if (now - one.seen <= LIVE_MS) ahead++;
  }
  return ahead;
}
async function takeTurn(limitMs) {
  if (holder !== null && Date.now() < holder.until) {
    if (waiting.length >= MAX_WAITING && liveAhead(null, Date.now()) >= MAX_WAITING) return null;
    const me = { seen: Date.now() };
    waiting.push(me);
    try {
      while (holder !== null && Date.now() < holder.until) {
        const now = Date.now();
        me.seen = now;
        // Dropped as gone while one long call held the thread: back in line.
        if (!waiting.includes(me)) waiting.push(me);
        while (waiting[0] !== me && now - waiting[0].seen > STALE_MS) waiting.shift();
        const place = liveAhead(me, now);
        const near = place < NEXT_IN_LINE && now - holder.since < SPIN_MS;
        await new Promise((done) => setTimeout(done, near ? 0 : pollMs(place)));
      }
    } finally {
      const at = waiting.indexOf(me);
      if (at >= 0) waiting.splice(at, 1);
    }
  }
  holder = { since: Date.now(), until: Date.now() + limitMs + GRACE_MS };
  return holder;
}
function endTurn(mine) {
  if (holder === mine) holder = null;
}
function timeout(limitMs) {
  return { ok: false, data: "user code did not finish within " + limitMs + " ms" };
}
// The answer of a phase that ran or waited past the call's limit.
const LATE = Symbol("late");
async function withinLimit(phase, ms) {
  let timer;
  const late = new Promise((done) => {
    timer = setTimeout(() => done(LATE), Math.max(0, ms));
  });
  return Promise.race([phase, late]).finally(() => clearTimeout(timer));
}
// The turn is held only while the function runs (the loaded worker's start, two-phase.ts): one that waits
// (a timer, a callback later) gives it up, and its finish waits beside other calls' turns, so waiting
// functions no longer queue everyone behind them (mb's Node runs them side by side). Its limit still counts
// from its turn: an answer past it, waiting or running, is the timeout.
async function timed(entry, call, limitMs, turn) {
  const started = Date.now();
  // A synchronous run blocks the timer; workerd's clock moves on I/O, so the elapsed time measures it.
  const over = () => Date.now() - started > limitMs;
  const first = await withinLimit(entry.start(call, limitMs), limitMs);
  endTurn(turn);
  if (first === LATE || over()) return timeout(limitMs);
  if (first.pending === undefined) return first.done;
  const rest = limitMs - (Date.now() - started);
  const outcome = await withinLimit(entry.finish(first.pending, rest), rest);
  return outcome === LATE || outcome?.late === true || over() ? timeout(limitMs) : outcome;
}
// Each call leaves its Request, Response and the loaded worker's stub in native memory until V8 collects
// their wrappers, which a heap this small rarely makes it do (@mockctl/contract/native-garbage, the edge's
// side of the same). A full collection every COLLECT_EVERY calls cut the host's growth under decorate at
// 1,000 calls/s from about 5 to 1.2 MB/s, so its recycling (recycle.ts) comes about four times less often.
// The collector is V8's gc under a name of its own (host-config.ts), so user code sees no gc of mb's Node.
const COLLECT_EVERY = 256;
let calls = 0;
async function run(request, env) {
  if (++calls % COLLECT_EVERY === 0 && typeof globalThis.__hostCollect === "function") globalThis.__hostCollect();
  const { id, code, call, limitMs } = await request.json();
  if (code) remember(id, code);
  const known = codes.get(id);
  if (known === undefined) return Response.json({ missing: id }, { status: 409 });
  const limit = Number(limitMs) > 0 ? Number(limitMs) : 1000;
  const turn = await takeTurn(limit);
  if (turn === null) return Response.json({ ok: false, data: BUSY });
  try {
    const entry = env.LOADER.get(id, () => known).getEntrypoint();
    return Response.json(await timed(entry, call, limit, turn));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return Response.json({ error: message }, { status: 500 });
  } finally {
    endTurn(turn);
  }
}
export default {
  fetch(request, env) {
    const { pathname } = new URL(request.url);
    if (pathname === "/ping") return new Response("pong");
    if (pathname === "/run" && request.method === "POST") return run(request, env);
    return new Response("not found", { status: 404 });
  },
};
`;
