import type { CreateResult, Target } from "./target.ts";
import { send } from "./wire.ts";

async function admin(adminPort: number, method: string, path: string, body?: unknown): Promise<CreateResult> {
  const init: RequestInit = { method };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { "Content-Type": "application/json" };
  }
  const res = await fetch(`http://127.0.0.1:${adminPort}${path}`, init);
  const text = await res.text();
  return { status: res.status, body: text === "" ? undefined : JSON.parse(text) };
}

/**
 * Where an imposter answers: its own port (mb), or a path prefix on the platform's single port. `host`
 * is the Host header to claim (default: the port's own address).
 */
export type ImposterRoute = (id: number) => { port: number; pathPrefix: string; host?: string };

/**
 * A server driven through Mountebank's admin API. For mb itself each imposter listens on its id; the
 * platform's edge Worker serves them all on one origin under `/i/<id>` (pass `edgeRoute(port)`).
 */
export function createAdminApiTarget(
  name: string,
  adminPort: number,
  route: ImposterRoute = (id) => ({ port: id, pathPrefix: "" }),
): Target {
  return {
    name,
    createImposter: (json) => admin(adminPort, "POST", "/imposters", json),
    request(id, req) {
      const { port, pathPrefix, host } = route(id);
      return send(port, { ...req, path: pathPrefix + (req.path ?? "/") }, host);
    },
    async recordedRequests(id) {
      const requests = ((await admin(adminPort, "GET", `/imposters/${id}`)).body as { requests?: unknown })
        ?.requests;
      return Array.isArray(requests) ? requests : [];
    },
    async deleteImposter(id) {
      await admin(adminPort, "DELETE", `/imposters/${id}`);
    },
    async close() {},
  };
}

export const createMbTarget = (adminPort: number): Target => createAdminApiTarget("mountebank", adminPort);

/**
 * The platform's front door: one origin, imposters addressed by path. The Host header still names the
 * imposter's own port, as a client of mb sends it, so cases that read or echo it see the same value
 * (127.0.0.1 is no `<id>.<zone>` host, so path addressing still applies).
 */
export const edgeRoute =
  (edgePort: number): ImposterRoute =>
  (id) => ({ port: edgePort, pathPrefix: `/i/${id}`, host: `127.0.0.1:${id}` });
