/**
 * A loaded worker whose `run(call)` executes `body`, as the edge's builder would send it (the host's tests);
 * `runJson`, the host's way in, wraps it as the builder's main module does.
 */
export const workerCode = (body: string) => ({
  compatibilityDate: "2026-04-20",
  mainModule: "main.js",
  modules: {
    "main.js": `import { WorkerEntrypoint } from "cloudflare:workers";
export default class U extends WorkerEntrypoint {
  run(call) { ${body} }
  async runJson(text) { return JSON.stringify(await this.run(JSON.parse(text))); }
}`,
  },
});

/** One call as the host's tests describe it. */
export interface HostMessage {
  id: string;
  call: unknown;
  code?: object;
  limitMs?: number;
}

/** A call as the edge sends it (../edge/host-client.ts): id and limit in the query, the call's text as the body. */
export function wire({ id, call, code, limitMs }: HostMessage): { path: string; body: string } {
  const limit = limitMs === undefined ? "" : `&limitMs=${limitMs}`;
  const path = `/run?id=${encodeURIComponent(id)}${limit}${code === undefined ? "" : "&code"}`;
  return { path, body: JSON.stringify(code === undefined ? call : { code, call }) };
}
