import type { Socket } from "node:net";
import { connectUpstream, type Upstream } from "./upstream-connection.ts";

/**
 * workerd drops a connection idle for 5 s without a word (keep-alive.ts, WORKERD_IDLE_CLOSE_MS); a pool that
 * retires its own after 4 never sends a request on one as it closes.
 */
export const UPSTREAM_IDLE_MS = 4_000;

/** Idle connections kept past this are closed (Node's agent keeps 256 free sockets too). */
const MOST_IDLE = 256;

/** What a connection's reads and its end go to while a request is on it (upstream-exchange.ts). */
export interface ConnectionUser {
  read(chunk: Buffer): void;
  /** The connection closed, at either end, whether it failed or not. */
  gone(): void;
}

/** One connection to workerd, and whoever sends on it now. */
export interface PooledConnection {
  readonly socket: Socket;
  /** It carried a request before this one (so a close before any answer may be workerd's idle close). */
  readonly reused: boolean;
  user: ConnectionUser | undefined;
}

interface Kept {
  socket: Socket;
  user: ConnectionUser | undefined;
  reused: boolean;
  idleAt: number;
}

/**
 * The connections to workerd that a Node server in front of it (an imposter's own port, the platform port's
 * handed-over path) sends its requests on, one request at a time each, kept open between them. Not Node's
 * HTTP agent: its client parses and frames each request again, and on an imposter's own port that cost as
 * much as the server's side (infra/README.md, "Imposters on their own ports").
 */
export class UpstreamPool {
  private readonly idle: Kept[] = [];
  private readonly open = new Set<Socket>();

  constructor(readonly upstream: Upstream) {}

  /** A connection for one request: the last one given back, unless `fresh` or none is young enough. */
  take(fresh = false): PooledConnection {
    for (let kept = fresh ? undefined : this.idle.pop(); kept !== undefined; kept = this.idle.pop()) {
      // Closed by workerd, its close not yet seen: the next one may still be good.
      if (kept.socket.destroyed) continue;
      if (Date.now() - kept.idleAt >= UPSTREAM_IDLE_MS) {
        // Given back in order, so when the newest is too old, every other is too.
        kept.socket.destroy();
        this.retire();
        break;
      }
      kept.reused = true;
      return kept;
    }
    return this.connect();
  }

  /** A connection whose answer ended whole, free for the next request. */
  give(connection: PooledConnection): void {
    const kept = connection as Kept;
    kept.user = undefined;
    if (kept.socket.destroyed || this.idle.length >= MOST_IDLE) {
      kept.socket.destroy();
      return;
    }
    kept.idleAt = Date.now();
    this.idle.push(kept);
  }

  /** Closes every connection, idle or in use. */
  destroy(): void {
    this.idle.length = 0;
    for (const socket of this.open) socket.destroy();
  }

  private retire(): void {
    for (const kept of this.idle.splice(0)) kept.socket.destroy();
  }

  private connect(): Kept {
    const kept: Kept = {
      socket: connectUpstream(this.upstream, (chunk) => {
        // Bytes on a connection no request is on belong to no answer: it cannot carry one again.
        if (kept.user === undefined) kept.socket.destroy();
        else kept.user.read(chunk);
      }),
      user: undefined,
      reused: false,
      idleAt: 0,
    };
    const socket = kept.socket;
    this.open.add(socket);
    // A failed connection closes next: what becomes of its request is said there, once.
    socket.on("error", () => {});
    socket.on("close", () => {
      this.open.delete(socket);
      const at = this.idle.indexOf(kept);
      if (at >= 0) this.idle.splice(at, 1);
      const user = kept.user;
      kept.user = undefined;
      user?.gone();
    });
    return kept;
  }
}
