import { ChunkedBody } from "./chunked-normalize.ts";

const CR = 0x0d;
const LF = 0x0a;
const G = 0x47;

/** What a request's later reads are looked at for. */
enum Watch {
  /** Nothing: a GET's head alone, the common case. */
  Nothing,
  /** A body of `Content-Length` (or none): a stray CRLF after it is dropped. */
  Length,
  Chunked,
  /** A request whose body's end is not known: passed as it is. */
  Unknown,
}

/** A body framed by chunks, or one whose end the head does not tell (`framingOf`). */
export const CHUNKED = -3;
export const UNKNOWN = -2;

/** Where CR and LF bytes from `from` on stop. */
export function linesEnd(chunk: Buffer, from = 0): number {
  let i = from;
  while (i < chunk.length && (chunk[i] === CR || chunk[i] === LF)) i++;
  return i;
}

/** Whether the head's `Transfer-Encoding` ends in `chunked`, which makes its body chunked (RFC 9112 6.3). */
export function isChunked(head: Buffer, headEnd: number): boolean {
  const codings: string[] = [];
  for (const line of head.toString("latin1", 0, headEnd).split("\r\n").slice(1)) {
    const colon = line.indexOf(":");
    if (colon > 0 && line.slice(0, colon).trim().toLowerCase() === "transfer-encoding") {
      codings.push(...line.slice(colon + 1).split(","));
    }
  }
  return codings.at(-1)?.trim().toLowerCase() === "chunked";
}

const CONTENT_LENGTH = Buffer.from("content-length:");
const TRANSFER_ENCODING = Buffer.from("transfer-encoding:");

/** Whether the line at `at` starts with `name` (lower-case, with its colon), in any case. */
function named(head: Buffer, at: number, name: Buffer): boolean {
  for (let i = 0; i < name.length; i++) if ((head[at + i]! | 0x20) !== name[i]) return false;
  return true;
}

/** A decimal value from `at` to its line's end (blanks around it), or UNKNOWN. */
function decimal(head: Buffer, at: number): number {
  let i = at;
  while (head[i] === 0x20 || head[i] === 0x09) i++;
  const first = i;
  let value = 0;
  for (; head[i]! >= 0x30 && head[i]! <= 0x39 && i - first < 15; i++) value = value * 10 + head[i]! - 0x30;
  const last = i;
  while (head[i] === 0x20 || head[i] === 0x09) i++;
  return last > first && head[i] === CR ? value : UNKNOWN;
}

/**
 * How the head's body is framed: its length (0 without `Content-Length`), CHUNKED, or UNKNOWN (another transfer
 * coding, a bad length, two that differ). A scan of the head's bytes without a copy, asked of every request
 * but a GET.
 */
export function framingOf(head: Buffer, headEnd: number): number {
  let length = -1;
  for (let at = 0; at < headEnd; at++) {
    if (head[at] !== LF) continue;
    const first = head[at + 1]! | 0x20;
    if (first === 0x63 && named(head, at + 1, CONTENT_LENGTH)) {
      const value = decimal(head, at + 1 + CONTENT_LENGTH.length);
      if (value === UNKNOWN || (length >= 0 && value !== length)) return UNKNOWN;
      length = value;
    } else if (first === 0x74 && named(head, at + 1, TRANSFER_ENCODING)) {
      return isChunked(head, headEnd) ? CHUNKED : UNKNOWN;
    }
  }
  return Math.max(length, 0);
}

/**
 * What the relay changes in a request's bytes before workerd reads them, where Node's parser (and so mb)
 * reads on and workerd does not: a chunked body's extensions and trailers (ChunkedBody), and CR/LF bytes
 * after a body of known length (a stray CRLF, which some old clients send after a POST's body: workerd
 * reads it as the start of the next request and answers that 501), or before a request line once the
 * request before it was seen to its end (`dropsLeadingLines`: the relay drops those). A GET's head alone,
 * nearly every request, costs two comparisons; a request with a body a scan of its head (`framingOf`, no
 * copy) and a comparison or two per read; a read is copied only when something is dropped from it.
 */
export class RequestTidy {
  private watch = Watch.Nothing;
  /** The client's bytes of this request (head included) so far, and where the request ends in them. */
  private seen = 0;
  private end = 0;
  /** The read before ended in CR/LF dropped after the body: the next one's are dropped too. */
  private straying = false;
  private chunked: ChunkedBody | undefined;
  /** The last request was seen to its end, so CR/LF before the next request line are not its body's. */
  private over = true;

  /** Whether CR/LF bytes that start a request's first read may be dropped (not: perhaps a body answered early). */
  get dropsLeadingLines(): boolean {
    return this.over;
  }

  /** A request's first bytes, its head whole (its blank line at `headEnd`, or -1 past the relay's hold). */
  start(chunk: Buffer, headEnd: number): Buffer {
    const bodyAt = headEnd + 4;
    if (chunk.length === bodyAt && chunk[0] === G) {
      this.watch = Watch.Nothing;
      return chunk;
    }
    this.chunked = undefined;
    this.straying = false;
    this.seen = 0;
    // Bytes after an answer that began before its request's body was all sent may be that body's rest; a
    // GET sends no body (a chunked one is left as it is, as before).
    const framing = headEnd < 0 || !this.over || chunk[0] === G ? UNKNOWN : framingOf(chunk, headEnd);
    if (framing === CHUNKED) {
      this.watch = Watch.Chunked;
      this.chunked = new ChunkedBody();
      return this.chunked.pass(chunk, bodyAt);
    }
    if (framing === UNKNOWN) {
      this.watch = Watch.Unknown;
      return chunk;
    }
    this.watch = Watch.Length;
    this.end = bodyAt + framing;
    return this.length(chunk);
  }

  /** A later read of the request (or of ones pipelined behind it). */
  more(chunk: Buffer): Buffer {
    if (this.watch === Watch.Length) return this.length(chunk);
    return this.watch === Watch.Chunked ? this.chunked!.pass(chunk) : chunk;
  }

  /** Its answer has begun: what comes next is a new request, or the rest of this one's body. */
  answered(): void {
    if (this.watch === Watch.Nothing) {
      this.over = true;
      return;
    }
    this.over =
      this.watch === Watch.Length
        ? this.seen >= this.end
        : this.watch === Watch.Chunked && this.chunked!.over;
    this.watch = Watch.Nothing;
    this.chunked = undefined;
  }

  private length(chunk: Buffer): Buffer {
    const before = this.seen;
    this.seen += chunk.length;
    if (this.straying) return this.withoutLines(chunk, 0);
    // Only a read that goes past the request's end holds bytes after it.
    if (this.seen <= this.end || before > this.end) return chunk;
    return this.withoutLines(chunk, this.end - before);
  }

  /** `chunk` without the CR/LF bytes from `from` on; when they reach its end, the next read's go too. */
  private withoutLines(chunk: Buffer, from: number): Buffer {
    const to = linesEnd(chunk, from);
    this.straying = to === chunk.length;
    if (to === from) return chunk;
    if (to === chunk.length) return chunk.subarray(0, from);
    return from === 0 ? chunk.subarray(to) : Buffer.concat([chunk.subarray(0, from), chunk.subarray(to)]);
  }
}
