// The loaded worker for the CPU comparison: a trivial decorate, as the guest embeds the user's function.
export const DECORATE_MODULE = `import { WorkerEntrypoint } from "cloudflare:workers";
const decorate = (config, response) => { response.body = response.body + " via " + config.request.path; };
export default class UserCode extends WorkerEntrypoint {
  run(call) {
    const response = call.response;
    decorate(call.config, response);
    return { ok: true, data: response };
  }
}`;
export const CALL = {
  config: { request: { method: "GET", path: "/x", query: {}, headers: {} } },
  response: { statusCode: 200, headers: {}, body: "d" },
};
export function loadedEntry(env) {
  return env.LOADER.get("decorate-1", () => ({
    compatibilityDate: "2026-04-20",
    mainModule: "m.js",
    modules: { "m.js": DECORATE_MODULE },
    env: {},
    globalOutbound: null,
  })).getEntrypoint();
}
