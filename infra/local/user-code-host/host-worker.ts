/**
 * The user-code host's one Worker, as module text (it runs in its own workerd process, not here; written
 * as plain JavaScript like the core's RUNTIME_MODULE, so the launcher needs no bundler for it).
 *
 * The edge posts `{ id, call }` to `/run`, adding `code` ({ compatibilityDate, mainModule, modules }) only
 * when the host answered 409 because it does not hold that id yet (it was just started or restarted). The
 * host loads the code with its own LOADER, exactly as the deployed edge does, and answers the loaded
 * worker's UserOutcome as JSON, or `{ error }` with status 500 when the worker cannot start or the call
 * throws (the edge rethrows it, so a module that fails to compile is replaced as it is on Cloudflare).
 *
 * Sandbox: whatever the edge sends, the loaded worker gets no bindings (`env: {}`) and no network
 * (`globalOutbound: null`). The host keeps nothing between calls but code by content id, so no imposter
 * sees another's state. `/ping` answers on the host's only thread: a function looping synchronously
 * blocks it, which is how the supervisor tells a stuck host from a slow function.
 */
export const HOST_WORKER_MODULE = `// mockctl user-code host (infra/local/user-code-host)
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

async function run(request, env) {
  const { id, code, call } = await request.json();
  if (code) remember(id, code);
  const known = codes.get(id);
  if (known === undefined) return Response.json({ missing: id }, { status: 409 });
  try {
    const entry = env.LOADER.get(id, () => known).getEntrypoint();
    return Response.json(await entry.run(call));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return Response.json({ error: message }, { status: 500 });
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
