/**
 * How the local platform runs user code out of its own thread (issue 8): the edge Worker gets two
 * bindings that the deployed platform does not have, and uses its own Worker Loader only when they are
 * absent (../edge/host-client.ts).
 *
 * - USER_CODE_HOST: an external service on the host's unix socket, for the calls themselves.
 * - USER_CODE_SUPERVISOR: a function of this process, for the two events only the launcher can act on:
 *   `/start` before the edge's first call (and after a call lost the host), `/overran` when a call ran
 *   past its deadline (the supervisor pings the host and kills it if it is stuck, before answering), and
 *   `/run` for a call that lost its connection, relayed to the current host on a connection of its own.
 */
import type { WorkerOptions } from "miniflare";
import type { RecycleOptions } from "./recycle.ts";
import { type SpawnChild, UserCodeHost } from "./supervisor.ts";

export type { RecycleOptions } from "./recycle.ts";
export { type SpawnChild, UserCodeHost, type Verdict } from "./supervisor.ts";

export const USER_CODE_HOST_BINDING = "USER_CODE_HOST";
export const USER_CODE_SUPERVISOR_BINDING = "USER_CODE_SUPERVISOR";

export type SupervisorService = (request: Request) => Promise<Response>;

export function supervisorService(host: UserCodeHost): SupervisorService {
  return async (request) => {
    const { pathname } = new URL(request.url);
    try {
      if (pathname === "/start") await host.ensure();
      else if (pathname === "/overran") return Response.json({ verdict: await host.check() });
      else if (pathname === "/run") return await host.relay(await request.text());
      else return new Response("not found", { status: 404 });
      return new Response(null, { status: 204 });
    } catch (error) {
      return new Response(error instanceof Error ? error.message : String(error), { status: 503 });
    }
  };
}

/**
 * The edge's two bindings as the build shapes them into workerd's config. Neither is used as written: at
 * start the host's socket is given with `--external-addr` and the supervisor is served by the launcher's
 * loopback (platform.ts), so the config stays the same for every run and the build cache holds.
 */
export function userCodeHostBindings(): NonNullable<WorkerOptions["serviceBindings"]> {
  return {
    [USER_CODE_HOST_BINDING]: { external: { address: "unix:/nonexistent/mockctl-user-code.sock", http: {} } },
    [USER_CODE_SUPERVISOR_BINDING]: (async () => new Response(null, { status: 503 })) as never,
  };
}

/**
 * A host for the platform's lifetime; no process runs until the edge's first user-code call. `spawnChild`
 * starts it so that it dies with the launcher, even on SIGKILL (the launcher's tether).
 */
export const createUserCodeHost = (spawnChild: SpawnChild, recycle?: RecycleOptions): UserCodeHost =>
  new UserCodeHost(recycle, spawnChild);
