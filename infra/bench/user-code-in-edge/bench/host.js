// Host-like Worker: parse the call, RPC into the loaded decorate, answer JSON (the hop's minimal form).
import { loadedEntry } from "./decorate.js";
export default {
  async fetch(request, env) {
    const { call } = await request.json();
    return Response.json(await loadedEntry(env).run(call));
  },
};
