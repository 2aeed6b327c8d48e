// Edge-like Worker: /direct answers at once; /inproc calls the loaded decorate in this process (LOADER RPC);
// /hop posts the call to a host-like workerd over a unix socket, which makes the same LOADER RPC there.
import { CALL, loadedEntry } from "./decorate.js";
export default {
  async fetch(request, env) {
    const p = new URL(request.url).pathname;
    if (p === "/direct") return Response.json({ ok: true, data: CALL.response });
    if (p === "/inproc") return Response.json(await loadedEntry(env).run(CALL));
    if (p === "/hop") {
      const r = await env.HOST.fetch("http://host/run", {
        method: "POST",
        body: JSON.stringify({ call: CALL }),
      });
      return new Response(await r.text(), { headers: { "content-type": "application/json" } });
    }
    return new Response("nf", { status: 404 });
  },
};
