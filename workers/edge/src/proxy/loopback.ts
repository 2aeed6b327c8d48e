import { delayOf, FAULT_HEADER, objectName, resolveAddress, workspaceOfObject } from "@mockctl/contract";
import { serveImposter } from "../front-door.ts";
import { load } from "../loading.ts";
import { lookup } from "../registry.ts";

/**
 * Serves a proxied request with an imposter of this platform, in process, when `url` names one; resolves
 * to undefined when it does not (the request then goes out on the network).
 */
export type Loopback = (url: string, init: RequestInit) => Promise<Response | undefined>;

/** Only `waitUntil` is used: the front door's context or a Durable Object's state both provide it. */
type Background = Pick<ExecutionContext, "waitUntil">;

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Loopback requests in flight in this isolate. Imposters that proxy to each other in a circle would
 * otherwise call each other without end; past this many at once, the next one fails instead.
 */
export const MAX_LOOPBACKS = 64;
let inFlight = 0;

/** Thrown for a loopback that must not happen; forward.ts turns it into mb's `invalid proxy`. */
export class LoopbackRefused extends Error {}

async function exists(env: Env, ctx: ExecutionContext, workspace: string, port: number): Promise<boolean> {
  const name = objectName(workspace, port);
  const served = lookup(name) ?? (await load(env, ctx, name));
  return served.engine !== null;
}

/**
 * mb's own proxy tests put a sibling imposter behind `http://localhost:<port>`; here imposters have no
 * sockets, so that URL is served by imposter <port> when one exists (else it goes out on the network, to
 * whatever listens there). `http://<port>.<zone>` always means imposter <port>, as for any client.
 * `self` is the object name of the imposter that proxies.
 */
export function loopbackFor(env: Env, background: Background, self: string | undefined): Loopback {
  const ctx = background as ExecutionContext;
  return async (url, init) => {
    const parsed = new URL(url);
    const target = parsed.pathname + parsed.search;
    const byHost = resolveAddress(url, env.ZONE);
    // localhost ports are the proxying imposter's neighbours, in its own workspace; a host name under the
    // zone means what it means to any client (the short form: the default workspace).
    const home = self === undefined ? env.WORKSPACE : workspaceOfObject(self);
    let address: { workspace: string; port: number } | undefined;
    if (byHost !== null && parsed.hostname.endsWith(`.${env.ZONE}`)) {
      address = { workspace: byHost.workspace ?? env.WORKSPACE, port: byHost.port };
    } else if (LOOPBACK_HOSTS.has(parsed.hostname) && parsed.port !== "") {
      const candidate = Number(parsed.port);
      if (await exists(env, ctx, home, candidate)) address = { workspace: home, port: candidate };
    }
    if (address === undefined) return undefined;
    // An imposter proxying to itself would wait for its own queue, or call itself without end.
    if (objectName(address.workspace, address.port) === self) {
      throw new LoopbackRefused("an imposter cannot proxy to itself");
    }
    if (inFlight >= MAX_LOOPBACKS) throw new LoopbackRefused("too many imposters proxying to each other");
    inFlight += 1;
    try {
      const answer = await serveImposter(new Request(url, init), env, ctx, {
        ...address,
        target,
        onAdminOrigin: false,
      });
      return await waitedOut(answer);
    } finally {
      inFlight -= 1;
    }
  };
}

/**
 * The sibling's `wait`, which the local launcher would serve for a client (DELAY_ANSWER), served here: no
 * launcher stands between two imposters of one isolate.
 */
async function waitedOut(answer: Response): Promise<Response> {
  const delayMs = delayOf(answer.headers.get(FAULT_HEADER) ?? undefined);
  if (delayMs === undefined) return answer;
  await scheduler.wait(delayMs);
  const headers = new Headers(answer.headers);
  headers.delete(FAULT_HEADER);
  return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers });
}
