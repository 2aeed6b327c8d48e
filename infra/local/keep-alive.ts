import { createServer as createHttpServer } from "node:http";
import { createServer, type Socket } from "node:net";
import type { Admission } from "./admission.ts";
import { Relay, type RelaySettings, type Upstream } from "./keep-alive-relay.ts";
import { forwardAsSent } from "./port-forward.ts";
import { MAX_REQUEST_BYTES } from "./request-limit.ts";
import { UpstreamPool } from "./upstream-pool.ts";

/**
 * workerd closes a connection that has waited this long for its next request (kj::HttpServerSettings'
 * pipelineTimeout; workerd passes no settings and its config has no option for it) and says nothing of it
 * in its answers (it drops a Worker's `Keep-Alive` header). A client that sends its next request at that
 * moment, or whose event loop was busy when the FIN came, gets "other side closed" or ECONNRESET.
 */
export const WORKERD_IDLE_CLOSE_MS = 5_000;

/**
 * How long the platform keeps a client's idle connection: longer than the pools of common clients keep
 * theirs (undici 4 s, curl 118 s, Java's HttpClient 30 s or 20 min by JDK; Node's agent and Python's requests
 * have no limit, and see a close before their next request). mb, a Node server, closes after 5 s and says so
 * (`Keep-Alive: timeout=5`); a byte relay cannot add that header, and with this limit needs none.
 */
export const CLIENT_IDLE_MS = 600_000;

export interface KeepAliveOptions {
  host: string;
  port: number;
  /** workerd's own socket: a private port, or a unix socket. */
  upstream: Upstream;
  clientIdleMs?: number;
  upstreamIdleCloseMs?: number;
  /**
   * Accept clients but relay nothing until `open()`: the port is taken (so its number is known and a client
   * that connects early waits instead of being refused) while the launcher still prepares the platform.
   */
  held?: boolean;
  /**
   * The line into workerd (admission.ts), shared with the imposters' own ports (platform.ts): absent, every
   * request goes in at once.
   */
  admission?: Admission;
  /** The most bytes one request may send (request-limit.ts); MAX_REQUEST_BYTES when absent. */
  maxRequestBytes?: number;
}

export interface KeepAliveSocket {
  port: number;
  /** Starts relaying, the clients that connected while held first; a no-op when not held. */
  open(): void;
  close(): Promise<void>;
}

/**
 * Listens for clients and relays their bytes to workerd unchanged, one upstream connection per client
 * connection. When workerd closes an idle upstream connection, the client's stays open and its next
 * request goes out on a new one, so clients see the idle limit of CLIENT_IDLE_MS instead of workerd's.
 */
export function listenKeepAlive(options: KeepAliveOptions): Promise<KeepAliveSocket> {
  const clients = new Set<Socket>();
  const settings = {
    upstream: options.upstream,
    clientIdleMs: options.clientIdleMs ?? CLIENT_IDLE_MS,
    // Silence this long before a close means workerd's idle close (an answer's own close follows at once).
    quietMs: ((options.upstreamIdleCloseMs ?? WORKERD_IDLE_CLOSE_MS) * 4) / 5,
    maxRequestBytes: options.maxRequestBytes ?? MAX_REQUEST_BYTES,
  };
  const admission = options.admission;
  const closing = closingServer(options.upstream, admission);
  const relaySettings: RelaySettings = {
    ...settings,
    handOver: closing.handOver,
    ...(admission !== undefined && { admission }),
  };
  let waiting: Socket[] | undefined = options.held ? [] : undefined;
  const server = createServer({ allowHalfOpen: true, noDelay: true }, (client) => {
    clients.add(client);
    client.on("close", () => clients.delete(client));
    if (waiting === undefined) {
      new Relay(client, relaySettings);
      return;
    }
    // Paused, its bytes wait in the kernel and the socket's buffer until the relay takes them.
    client.pause();
    waiting.push(client);
  });
  const open = () => {
    const early = waiting ?? [];
    waiting = undefined;
    for (const client of early) {
      if (client.destroyed) continue;
      new Relay(client, relaySettings);
      client.resume();
    }
  };
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      // Past listening, an error is one failed accept (EMFILE, …): the next client may still be served.
      server.on("error", () => {});
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : options.port;
      resolve({
        port,
        open,
        close: () =>
          new Promise((done) => {
            relaySettings.admission?.close();
            closing.pool.destroy();
            server.close(() => done());
            for (const client of clients) client.destroy();
          }),
      });
    });
  });
}

/**
 * A connection whose first request Node's HTTP server must answer (handed-over.ts: HTTP/1.0, as ApacheBench
 * sends; `Connection: close`; `Expect: 100-continue`; an absolute-form target) is served by it from then on:
 * it closes a connection as asked, keeps HTTP/1.0's alive with the header that version needs, sends `100
 * Continue` and reads any target, where workerd does none of these and the byte relay cannot tell where an
 * answer ends. A path of its own, at about the rate of an imposter's own port: a connection whose first
 * request is plain HTTP/1.1 stays on the byte relay for good.
 */
function closingServer(upstream: Upstream, admission: Admission | undefined) {
  const pool = new UpstreamPool(upstream);
  const server = createHttpServer((incoming, outgoing) =>
    forwardAsSent(incoming, outgoing, { pool, admission }),
  );
  // As the relay keeps a client's idle connection (a client that takes us for its proxy stays here).
  server.keepAliveTimeout = CLIENT_IDLE_MS;
  const handOver = (client: Socket, chunk: Buffer) => {
    server.emit("connection", client);
    client.emit("data", chunk);
  };
  return { handOver, pool };
}
