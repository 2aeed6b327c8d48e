import { type AnswerHead, AnswerReader, type AnswerSink } from "./answer-reader.ts";
import type { ConnectionUser, PooledConnection, UpstreamPool } from "./upstream-pool.ts";

/** What becomes of one request sent to workerd. */
export interface ExchangeEvents {
  head(head: AnswerHead): void;
  /** A chunk of the body, the listener's to keep. */
  body(chunk: Buffer): void;
  end(): void;
  /**
   * The connection failed or closed before the answer ended. `beforeAnswer`: not a byte of it came, and
   * `reused`: on a kept connection, which workerd may have closed as idle just as the request went out.
   */
  failed(beforeAnswer: boolean, reused: boolean): void;
}

/** A request as it goes on the wire: its method, target and headers (name, value, name, …), as given. */
export interface RequestHead {
  method: string;
  path: string;
  headers: readonly string[];
  /** Its body goes in chunks (the client sent `Transfer-Encoding`): each write is framed as one. */
  chunked: boolean;
}

const LAST_CHUNK = "0\r\n\r\n";
const LAST_CHUNK_BYTES = Buffer.from(LAST_CHUNK);
const CRLF_LAST = Buffer.from(`\r\n${LAST_CHUNK}`);
/**
 * The request's head as bytes go: latin1, as Node's server read the client's header values. Written into one
 * buffer (from Node's pool) rather than joined as a string: a dozen pieces of string less for the collector
 * on every request, and no copy from string to bytes in the socket.
 */
function headBytes({ method, path, headers }: RequestHead): Buffer {
  let length = method.length + path.length + VERSION.length + 3;
  for (let i = 0; i + 1 < headers.length; i += 2) length += headers[i]!.length + headers[i + 1]!.length + 4;
  const bytes = Buffer.allocUnsafe(length);
  let at = bytes.write(method, 0, "latin1");
  bytes[at++] = SPACE;
  at += bytes.write(path, at, "latin1");
  at += bytes.write(VERSION, at, "latin1");
  for (let i = 0; i + 1 < headers.length; i += 2) {
    at += bytes.write(headers[i]!, at, "latin1");
    bytes[at++] = COLON;
    bytes[at++] = SPACE;
    at += bytes.write(headers[i + 1]!, at, "latin1");
    bytes[at++] = CR;
    bytes[at++] = LF;
  }
  bytes[at++] = CR;
  bytes[at++] = LF;
  return bytes;
}

const VERSION = " HTTP/1.1\r\n";
const SPACE = 0x20;
const COLON = 0x3a;
const CR = 0x0d;
const LF = 0x0a;

/**
 * One request on one of the pool's connections and its answer: the head is written at once, the body as it
 * is given, the answer read as it comes. The connection goes back to the pool only when both the request and
 * its answer ended whole; any other way it is closed.
 */
export class Exchange implements ConnectionUser, AnswerSink {
  private readonly connection: PooledConnection;
  private readonly reader: AnswerReader;
  private sentWhole = false;
  private over = false;
  /** The request's body waits for the connection's buffer to drain (`onDrain`). */
  private drainWaiter: (() => void) | undefined;

  constructor(
    private readonly pool: UpstreamPool,
    private readonly request: RequestHead,
    private readonly events: ExchangeEvents,
    fresh = false,
  ) {
    // The exchange is the reader's sink itself: no object and closures of their own for each request.
    this.reader = new AnswerReader(this, request.method === "HEAD");
    this.connection = pool.take(fresh);
    this.connection.user = this;
  }

  /** Sends the head and, when given, the whole body, and ends the request. */
  sendWhole(body: Buffer | undefined): void {
    const head = headBytes(this.request);
    const socket = this.connection.socket;
    if (body === undefined || body.length === 0) {
      socket.write(this.request.chunked ? Buffer.concat([head, LAST_CHUNK_BYTES]) : head);
    } else if (this.request.chunked) {
      const size = Buffer.from(`${body.length.toString(16)}\r\n`, "latin1");
      socket.write(Buffer.concat([head, size, body, CRLF_LAST]));
    } else {
      socket.write(Buffer.concat([head, body]));
    }
    this.sentWhole = true;
  }

  /** Sends the head alone: the body follows through `write` and `end`. */
  start(): void {
    this.connection.socket.write(headBytes(this.request));
  }

  /** A part of the body; false when the connection's buffer is full (wait for `onDrain`). */
  write(chunk: Buffer): boolean {
    if (this.over || chunk.length === 0) return true;
    const socket = this.connection.socket;
    if (!this.request.chunked) return socket.write(chunk);
    socket.write(`${chunk.length.toString(16)}\r\n`, "latin1");
    socket.write(chunk);
    return socket.write("\r\n", "latin1");
  }

  end(): void {
    if (this.over) return;
    if (this.request.chunked) this.connection.socket.write(LAST_CHUNK, "latin1");
    this.sentWhole = true;
  }

  /** `go` once the connection's buffer drained, or at once when the exchange is over (the rest is dropped). */
  onDrain(go: () => void): void {
    if (this.over) {
      go();
      return;
    }
    this.drainWaiter = go;
    this.connection.socket.once("drain", this.drained);
  }

  /** Stops reading the answer until `resume` (the client reads slower than workerd writes). */
  pause(): void {
    // Once over, the connection is another request's, or closed: a late pause or resume is not this one's.
    if (!this.over) this.connection.socket.pause();
  }

  resume(): void {
    if (!this.over) this.connection.socket.resume();
  }

  /** Drops the request and its answer: the connection is closed, nothing more is said of it. */
  abort(): void {
    this.close(false);
  }

  read(chunk: Buffer): void {
    if (this.over) return;
    try {
      this.reader.read(chunk);
    } catch {
      this.fail();
    }
  }

  gone(): void {
    if (this.over) return;
    try {
      this.reader.closed();
    } catch {
      this.fail();
    }
  }

  answerHead(head: AnswerHead): void {
    this.events.head(head);
  }

  answerBody(chunk: Buffer): void {
    this.events.body(chunk);
  }

  answerEnd(reusable: boolean): void {
    // An answer that ended before its request did (workerd answered early): the rest of the body would be
    // read as the next request, so the connection goes.
    this.close(reusable && this.sentWhole);
    this.events.end();
  }

  /**
   * Ends this exchange's hold on the connection: back to the pool read again (a pause for a slow client is
   * not the next request's), or closed. A body still being sent waits for no drain: its rest is dropped.
   */
  private close(keep: boolean): void {
    if (this.over) return;
    this.over = true;
    const socket = this.connection.socket;
    socket.off("drain", this.drained);
    if (keep) {
      socket.resume();
      this.pool.give(this.connection);
    } else {
      this.connection.user = undefined;
      socket.destroy();
    }
    this.drained();
  }

  private readonly drained = (): void => {
    const go = this.drainWaiter;
    this.drainWaiter = undefined;
    go?.();
  };

  private fail(): void {
    const beforeAnswer = !this.reader.started;
    this.abort();
    this.events.failed(beforeAnswer, this.connection.reused);
  }
}
