// Test worker: runs loops in its own isolate or in a loaded one, to see what can stop them from outside.
// One module per id; the path picks what it does, so the same loaded isolate can loop and then be asked again.
const LOADED_CODE = `let n = 0;
function deep(k) { return deep(k + 1) + 1; }
// About mb megabytes of live arrays (doubles: 8 bytes each), kept by the caller.
function hold(mb) { const out = []; for (let i = 0; i < mb; i++) out.push(new Array(131072).fill(1.5)); return out; }
// Busy for a while in slices that yield to the event loop in between (a control: the thread is free
// between slices, so inspector messages can be dispatched).
async function chunks(count) {
  let x = 0;
  for (let c = 0; c < count; c++) {
    for (let i = 0; i < 2e7; i++) x += i;
    await new Promise((r) => setTimeout(r, 0));
  }
  return new Response("chunks done " + x);
}
export default {
  fetch(request) {
    const p = new URL(request.url).pathname;
    if (p === "/loop") { while (true) {} }
    if (p === "/bomb") { const a = []; while (true) a.push(new Array(1e6).fill(1)); }
    if (p === "/deep") { try { deep(0); } catch (e) { return new Response("deep: " + e); } }
    if (p === "/never") return new Promise(() => {});
    if (p === "/chunks") return chunks(300);
    if (p === "/hold") { globalThis.kept = hold(150); return new Response("holding ~150 MB"); }
    return new Response("loaded ok " + ++n);
  },
};`;
// limits: accepted by the API (WorkerCode.limits, getEntrypoint options); does workerd apply them?
function loaded(env, id, limits) {
  const stub = env.LOADER.get(id, () => ({
    compatibilityDate: "2026-04-20",
    ...(limits ? { limits } : {}),
    mainModule: "m.js",
    modules: { "m.js": LOADED_CODE },
    env: {},
    globalOutbound: null,
  }));
  return limits ? stub.getEntrypoint(undefined, { limits }) : stub.getEntrypoint();
}
let hits = 0;
export default {
  async fetch(request, env) {
    const p = new URL(request.url).pathname;
    if (p === "/ok") return new Response(`main ok ${++hits}`);
    if (p === "/loop-self") {
      while (true) {}
    }
    if (p === "/bomb-self") {
      const a = [];
      while (true) a.push(new Array(1e6).fill(1));
    }
    const m = p.match(/^\/(loaded|limited)\/(\w+)\/(\w+)$/); // /loaded/<id>/<what>, /limited/<id>/<what>
    if (m) {
      try {
        const limits = m[1] === "limited" ? { cpuMs: 50 } : undefined;
        const r = await loaded(env, m[2], limits).fetch(`http://x/${m[3]}`);
        return new Response(await r.text());
      } catch (e) {
        return new Response(`caught: ${e}`, { status: 500 });
      }
    }
    return new Response("nf", { status: 404 });
  },
};
