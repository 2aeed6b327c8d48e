/**
 * The user-code host's one Worker, as module text (it runs in its own workerd process, not here; written
 * as plain JavaScript like the guest's RUNTIME_MODULE, so the launcher needs no bundler for it).
 *
 * The edge posts a call's JSON text to `/run?id=<content id>&limitMs=<n>`. Only when the host answered 409
 * because it does not hold that id yet (it was just started or restarted) does it post
 * `{ code, call }` to `/run?id=…&limitMs=…&code` instead, code being { compatibilityDate, mainModule,
 * modules }. The host loads the code with its own LOADER, exactly as the deployed edge does, hands the
 * call's text to the loaded worker's `runJson` and answers the UserOutcome text it returns as it is (no
 * parse, clone and re-serialize on the way), or `{ error }` with status 500 when the worker cannot start
 * or the call throws (the edge rethrows it, so a module that fails to compile is replaced as it is on
 * Cloudflare). Each call is timed by its own run (below): one that ran or waited past `limitMs` answers
 * `{ ok: false, data: "user code did not finish within <limitMs> ms" }` (mb's envelope at the edge).
 *
 * Sandbox: whatever the edge sends, the loaded worker gets no bindings (`env: {}`) and no network
 * (`globalOutbound: null`). The host keeps nothing between calls but code by content id, so no imposter
 * sees another's state. `/ping` answers on the host's only thread: a function looping synchronously
 * blocks it, which is how the supervisor tells a stuck host from a slow function.
 */
export const HOST_WORKER_MODULE = `// mockctl user-code host (@mockctl/user-code/host)
const MAX_CODES = 256;
const codes = new Map();

function remember(id, code) {
  if (codes.size >= MAX_CODES && !codes.has(id)) codes.delete(codes.keys().next().value);
  codes.set(id, {
    compatibilityDate: String(code.compatibilityDate),
    mainModule: String(code.mainModule),
    modules: code.modules,
    env: {},
    globalOutbound: null,
  });
}

// A call is timed by its own run, never by the time it waited for the thread behind other calls (the soak
// failed trivial decorates so, issue 8). Calls are not held back for a turn: each goes to the loaded worker
// at once, and the host's one thread runs them. A call's clock starts once every call that came before it
// has ended (when it arrived, if none was running): until then the thread may have been running those, so
// a call that answers while an earlier one still runs is not judged late, and one that waits is not timed
// out. (Holding calls back for a turn cost CPU: a waiter cannot be woken by the call that ends its turn,
// another request's promise, which made workerd cancel calls as hung or, with a timer of its own, wake late,
// so waiters polled on timers: about a third of the host's CPU per call with 50 callers,
// infra/bench/user-code-hop/README.md.) A call whose request was cancelled may never end: one past its
// limit and GRACE_MS is forgotten.
const GRACE_MS = 1000;
/** While an earlier call still runs, a call that waits looks again this often. */
const RECHECK_MS = 50;
/** Calls not answered yet, in the order they came: { since, until }. */
const running = [];
function begin(limitMs) {
  const now = Date.now();
  while (running.length > 0 && running[0].until < now) running.shift();
  const call = { since: now, until: now + limitMs + GRACE_MS };
  running.push(call);
  return call;
}
function end(call) {
  const at = running.indexOf(call);
  if (at < 0) return;
  running.splice(at, 1);
  const next = running[0];
  if (at === 0 && next !== undefined) next.since = Math.max(next.since, Date.now());
}
/** How long the call has had the thread to itself, as far as the host can tell. */
function charged(call) {
  return running[0] === call ? Date.now() - call.since : 0;
}
function timeout(limitMs) {
  return JSON.stringify({ ok: false, data: "user code did not finish within " + limitMs + " ms" });
}
async function timed(entry, callText, call, limitMs) {
  let timer;
  // A function that waits (a timer that never calls back) is answered once it has had its limit.
  const late = new Promise((done) => {
    const check = () => {
      const left = limitMs - charged(call);
      if (left <= 0) done(timeout(limitMs));
      else timer = setTimeout(check, running[0] === call ? left : RECHECK_MS);
    };
    timer = setTimeout(check, limitMs);
  });
  const outcome = await Promise.race([entry.runJson(callText), late]).finally(() => clearTimeout(timer));
  // A synchronous run blocks the timer; workerd's clock moves on I/O, so this measures the whole run.
  return charged(call) > limitMs ? timeout(limitMs) : outcome;
}
const JSON_TYPE = { "content-type": "application/json" };
async function run(request, env, query) {
  const id = query.get("id");
  let callText = await request.text();
  // The rare call that brings its code: the only one parsed here.
  if (query.has("code")) {
    const { code, call } = JSON.parse(callText);
    remember(id, code);
    callText = JSON.stringify(call);
  }
  const known = codes.get(id);
  if (known === undefined) return Response.json({ missing: id }, { status: 409 });
  const limitMs = Number(query.get("limitMs"));
  const limit = limitMs > 0 ? limitMs : 1000;
  const call = begin(limit);
  try {
    const entry = env.LOADER.get(id, () => known).getEntrypoint();
    return new Response(await timed(entry, callText, call, limit), { headers: JSON_TYPE });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return Response.json({ error: message }, { status: 500 });
  } finally {
    end(call);
  }
}
export default {
  fetch(request, env) {
    const { pathname, searchParams } = new URL(request.url);
    if (pathname === "/ping") return new Response("pong");
    if (pathname === "/run" && request.method === "POST") return run(request, env, searchParams);
    return new Response("not found", { status: 404 });
  },
};
`;
