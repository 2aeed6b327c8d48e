import { connect, createServer, type Socket } from "node:net";

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

/** A request is replayed on a fresh upstream connection only up to this size (it is held until answered). */
const REPLAY_LIMIT_BYTES = 1 << 20;

export interface KeepAliveOptions {
  host: string;
  port: number;
  /** workerd's own socket, on a private port. */
  upstream: { host: string; port: number };
  clientIdleMs?: number;
  upstreamIdleCloseMs?: number;
}

export interface KeepAliveSocket {
  port: number;
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
  };
  const server = createServer({ allowHalfOpen: true, noDelay: true }, (client) => {
    clients.add(client);
    client.on("close", () => clients.delete(client));
    new Relay(client, settings);
  });
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
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            for (const client of clients) client.destroy();
          }),
      });
    });
  });
}

interface RelaySettings {
  upstream: { host: string; port: number };
  clientIdleMs: number;
  quietMs: number;
}

/** One client connection and the workerd connection currently behind it. */
class Relay {
  private upstream: Socket | undefined;
  /** The client's bytes sent upstream since upstream last answered (undefined past REPLAY_LIMIT_BYTES). */
  private inFlight: Buffer[] | undefined = [];
  private inFlightBytes = 0;
  /** When upstream last sent a byte (or was dialled), and when the request in flight began. */
  private lastHeard = 0;
  private sentAt = 0;
  private replayed = false;

  constructor(
    private readonly client: Socket,
    private readonly settings: RelaySettings,
  ) {
    client.on("data", (chunk: Buffer) => this.fromClient(chunk));
    client.on("drain", () => this.upstream?.resume());
    client.on("end", () => (this.upstream ? this.upstream.end() : client.end()));
    client.on("error", () => client.destroy());
    client.on("close", () => this.upstream?.destroy());
    client.setTimeout(settings.clientIdleMs, () => {
      if (this.inFlightBytes === 0) client.end();
    });
    this.dial();
  }

  private fromClient(chunk: Buffer): void {
    const upstream = this.upstream ?? this.dial();
    if (this.inFlightBytes === 0) this.sentAt = Date.now();
    this.inFlightBytes += chunk.length;
    if (this.inFlightBytes > REPLAY_LIMIT_BYTES) this.inFlight = undefined;
    this.inFlight?.push(chunk);
    if (!upstream.write(chunk)) this.client.pause();
  }

  private fromUpstream(chunk: Buffer): void {
    if (this.inFlightBytes > 0) {
      this.inFlight = [];
      this.inFlightBytes = 0;
      this.replayed = false;
    }
    this.lastHeard = Date.now();
    if (!this.client.write(chunk)) this.upstream?.pause();
  }

  private dial(): Socket {
    const upstream = connect({ ...this.settings.upstream, noDelay: true });
    this.upstream = upstream;
    this.lastHeard = Date.now();
    upstream.on("data", (chunk: Buffer) => this.fromUpstream(chunk));
    upstream.on("drain", () => this.client.resume());
    upstream.on("end", () => this.upstreamGone(upstream, false));
    upstream.on("error", () => this.upstreamGone(upstream, true));
    return upstream;
  }

  /**
   * workerd's idle close: a quiet spell, and no request in flight or one sent when workerd's wait was
   * (nearly) over. workerd closes only while it waits for a request, before reading one, so that request
   * can go out again on a new connection; anything else that closes is passed on to the client.
   */
  private isIdleClose(): boolean {
    const { quietMs } = this.settings;
    if (Date.now() - this.lastHeard < quietMs || this.replayed || this.client.readableEnded) return false;
    return this.inFlightBytes === 0 || this.sentAt - this.lastHeard >= quietMs / 2;
  }

  private upstreamGone(upstream: Socket, reset: boolean): void {
    if (upstream !== this.upstream) return;
    this.upstream = undefined;
    upstream.destroy();
    if (!this.isIdleClose() || (this.inFlightBytes > 0 && this.inFlight === undefined)) {
      // A reset stays a reset (mb's CONNECTION_RESET_BY_PEER fault, as the edge approximates it).
      if (reset) this.client.resetAndDestroy();
      else this.client.end();
    } else if (this.inFlight !== undefined && this.inFlight.length > 0) {
      this.replayed = true;
      const fresh = this.dial();
      for (const chunk of this.inFlight) fresh.write(chunk);
      this.client.resume();
    }
  }
}
