import type { PortsReport, PortTls } from "@mockctl/contract/imposter-ports";
import type { Admission } from "./admission.ts";
import { CLIENT_IDLE_MS } from "./keep-alive.ts";
import type { Upstream } from "./keep-alive-relay.ts";
import { forward } from "./port-forward.ts";
import { listen, listenerFor, type PortServer, stop, tlsSignature } from "./port-listener.ts";
import { UpstreamPool } from "./upstream-pool.ts";

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

/** The ports to listen on, and how the https ones among them speak TLS (keyed by port). */
export interface PortsWanted {
  ports: readonly number[];
  tls?: Readonly<Record<string, PortTls>> | undefined;
}

export interface ImposterPorts {
  /**
   * Listens on exactly these ports from now on: new ones are bound, gone ones closed with their connections,
   * and one whose TLS changed (an http imposter replaced by an https one, another cert) bound anew, before
   * the promise resolves. Calls apply in order; one stamped older than a call applied already is skipped
   * (two admin changes can report their lists out of order).
   */
  set(wanted: PortsWanted, stamp?: number): Promise<PortsReport>;
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
  const pool = new UpstreamPool(options.upstream);
  const via = { pool, admission: options.admission };
  const servers = new Map<number, PortServer>();
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
      const next = queue.then(() => apply(current()));
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

  /** The TLS last asked for each port that could not be bound, so a retry binds it as asked. */
  const wantedTls = new Map<number, PortTls>();

  /** What is listened on now (and tried): a retry, or a change stamped older, asks for it again. */
  function current(): PortsWanted {
    const tls: Record<string, PortTls> = {};
    for (const [port, held] of servers) if (held.tls !== undefined) tls[port] = held.tls;
    for (const [port, want] of wantedTls) tls[port] = want;
    return { ports: [...new Set([...servers.keys(), ...failed.keys()])], tls };
  }

  async function apply({ ports, tls = {} }: PortsWanted): Promise<PortsReport> {
    const wanted = new Set(ports);
    for (const [port, held] of servers) {
      if (!wanted.has(port) || held.signature !== tlsSignature(tls[port])) {
        servers.delete(port);
        await stop(held.server);
      }
    }
    for (const port of failed.keys()) if (!wanted.has(port)) failed.delete(port);
    wantedTls.clear();
    for (const port of wanted) {
      if (closed || servers.has(port)) continue;
      if (options.reserved.includes(port)) {
        noted(port, "the platform's own port");
        continue;
      }
      await bind(port, tls[port]);
    }
    return {
      bound: [...servers.keys()].sort((a, b) => a - b),
      failed: [...failed].map(([port, reason]) => ({ port, reason })),
    };
  }

  async function bind(port: number, tls: PortTls | undefined): Promise<void> {
    let held: PortServer;
    if (tls !== undefined) wantedTls.set(port, tls);
    try {
      held = listenerFor(tls, (incoming, outgoing) => forward(port, incoming, outgoing, via));
    } catch (error) {
      // A key, cert or cipher list OpenSSL cannot read: mb refuses such an imposter; here it exists already.
      noted(port, `its key, cert or ciphers: ${(error as Error).message}`);
      return;
    }
    // As on the platform's port (keep-alive.ts): a client that keeps a connection idle past Node's 5 s and
    // does not read Keep-Alive's hint (Java's HttpClient) would meet it closed. 10 minutes, announced.
    held.server.keepAliveTimeout = CLIENT_IDLE_MS;
    try {
      await listen(held.server, port, options.host);
      servers.set(port, held);
      wantedTls.delete(port);
      if (failed.delete(port)) options.log(`imposter ${port}: now listening on port ${port}`);
    } catch (error) {
      noted(port, (error as NodeJS.ErrnoException).code ?? String(error));
    }
  }

  return {
    set(wanted, stamp) {
      const next = queue.then(() => {
        if (stamp !== undefined) {
          if (stamp < latest) return apply(current());
          latest = stamp;
        }
        return apply(wanted);
      });
      queue = next.catch(() => undefined).then(retryLater);
      return next;
    },
    async close() {
      // A change the admin reports while the platform stops binds nothing more.
      closed = true;
      clearTimeout(retry);
      await queue;
      await Promise.all([...servers.values()].map((held) => stop(held.server)));
      servers.clear();
      pool.destroy();
    },
  };
}
