import { connect, type Socket } from "node:net";

/** A request is replayed on a fresh upstream connection only up to this size (it is held until answered). */
const REPLAY_LIMIT_BYTES = 1 << 20;

export interface RelaySettings {
  upstream: { host: string; port: number };
  clientIdleMs: number;
  quietMs: number;
}

/** One client connection and the workerd connection currently behind it. */
export class Relay {
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
