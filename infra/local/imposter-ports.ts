import { createServer, type Server } from "node:http";
import type { PortsReport } from "@mockctl/contract/imposter-ports";
import type { Admission } from "./admission.ts";
import { CLIENT_IDLE_MS } from "./keep-alive.ts";
import type { Upstream } from "./keep-alive-relay.ts";
import { forward } from "./port-forward.ts";
import { upstreamAgent } from "./upstream-agent.ts";

/**
 * Every imposter of the default workspace also listens on its own port, as an mb imposter does, so a test
 * suite written against `http://localhost:4545` runs unchanged. Each listener is a small Node server that
 * sends a request on to workerd as `/i/<port><path>`, the Host as the client sent it.
 */

/**
 * How often a port another process holds is tried again. A team moving from mb imports its imposters while mb
 * still runs on their ports, then stops mb: the ports were never tried again, and only a restart or a
 * `deploy --fresh` gave the imposters their ports.
 */
const RETRY_MS = 2_000;

export { IMPOSTER_PORTS_BINDING } from "@mockctl/contract/imposter-ports";

export interface ImposterPorts {
  /**
   * Listens on exactly these ports from now on: new ones are bound, gone ones closed with their connections,
   * before the promise resolves. Calls apply in order; one stamped older than a call applied already is
   * skipped (two admin changes can report their lists out of order).
   */
  set(ports: readonly number[], stamp?: number): Promise<PortsReport>;
  close(): Promise<void>;
}

export interface PortsOptions {
  /** Where the listeners listen: the platform's own `--host`. */
  host: string;
  upstream: Upstream;
  /** Ports never bound here: the platform's own. */
  reserved: readonly number[];
  log: (line: string) => void;
  /** The platform port's line into workerd (admission.ts), which requests on these ports wait in too. */
  admission?: Admission | undefined;
}

export function imposterPorts(options: PortsOptions): ImposterPorts {
  const agent = upstreamAgent();
  const via = { upstream: options.upstream, agent, admission: options.admission };
  const servers = new Map<number, Server>();
  const failed = new Map<number, string>();
  let latest = Number.NEGATIVE_INFINITY;
  let queue: Promise<unknown> = Promise.resolve();
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  /** Every port held by another process is tried again in RETRY_MS, in the queue, as long as one is. */
  function retryLater(): void {
    if (closed || retry !== undefined || ![...failed.values()].includes("EADDRINUSE")) return;
    retry = setTimeout(() => {
      retry = undefined;
      const next = queue.then(() => apply(new Set([...servers.keys(), ...failed.keys()])));
      queue = next.catch(() => undefined).then(retryLater);
    }, RETRY_MS).unref();
  }

  /** A port that cannot be this imposter's, said once per reason (a later change tries it again). */
  function noted(port: number, reason: string): void {
    if (failed.get(port) !== reason) {
      options.log(`imposter ${port}: cannot listen on port ${port} (${reason}); it answers at its URL only`);
    }
    failed.set(port, reason);
  }

  async function apply(wanted: ReadonlySet<number>): Promise<PortsReport> {
    for (const [port, server] of servers) {
      if (!wanted.has(port)) {
        servers.delete(port);
        await stop(server);
      }
    }
    for (const port of failed.keys()) if (!wanted.has(port)) failed.delete(port);
    for (const port of wanted) {
      if (closed || servers.has(port)) continue;
      if (options.reserved.includes(port)) {
        noted(port, "the platform's own port");
        continue;
      }
      const server = createServer((incoming, outgoing) => forward(port, incoming, outgoing, via));
      // As on the platform's port (keep-alive.ts): a client that keeps a connection idle past Node's 5 s and
      // does not read Keep-Alive's hint (Java's HttpClient) would meet it closed. 10 minutes, announced.
      server.keepAliveTimeout = CLIENT_IDLE_MS;
      try {
        await listen(server, port, options.host);
        servers.set(port, server);
        if (failed.delete(port)) options.log(`imposter ${port}: now listening on port ${port}`);
      } catch (error) {
        noted(port, (error as NodeJS.ErrnoException).code ?? String(error));
      }
    }
    return {
      bound: [...servers.keys()].sort((a, b) => a - b),
      failed: [...failed].map(([port, reason]) => ({ port, reason })),
    };
  }

  return {
    set(ports, stamp) {
      const next = queue.then(() => {
        if (stamp !== undefined) {
          if (stamp < latest) return apply(new Set([...servers.keys(), ...failed.keys()]));
          latest = stamp;
        }
        return apply(new Set(ports));
      });
      queue = next.catch(() => undefined).then(retryLater);
      return next;
    },
    async close() {
      // A change the admin reports while the platform stops binds nothing more.
      closed = true;
      clearTimeout(retry);
      await queue;
      await Promise.all([...servers.values()].map(stop));
      servers.clear();
      agent.destroy();
    },
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

/** mb closes an imposter's connections with it: a pooled one must not reach a port that is gone. */
function stop(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
