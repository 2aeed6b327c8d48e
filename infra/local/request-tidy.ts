import { ChunkedBody } from "./chunked-normalize.ts";

const CR = 0x0d;
const LF = 0x0a;
const G = 0x47;

/** What a request's later reads are looked at for. */
enum Watch {
  /** Nothing: a GET's head alone, the common case, or a head the relay could not find. */
  Nothing,
  /** A head without body bytes yet: the first ones tell whether the body is chunked. */
  BodyUnseen,
  /** A body of `Content-Length` (or none): a stray CRLF after it is dropped. */
  Length,
  Chunked,
}

/** `end` not yet read from the head, or a head whose body's end is not known. */
const UNREAD = -1;
const UNKNOWN = -2;

/** Where CR and LF bytes from `from` on stop. */
export function linesEnd(chunk: Buffer, from = 0): number {
  let i = from;
  while (i < chunk.length && (chunk[i] === CR || chunk[i] === LF)) i++;
  return i;
}

/** The values of header `name` in the head (lower-case name, values trimmed). Off the hot path. */
function valuesOf(head: Buffer, headEnd: number, name: string): string[] {
  const values: string[] = [];
  for (const line of head.toString("latin1", 0, headEnd).split("\r\n").slice(1)) {
    const colon = line.indexOf(":");
    if (colon > 0 && line.slice(0, colon).trim().toLowerCase() === name)
      values.push(line.slice(colon + 1).trim());
  }
  return values;
}

/** Whether the head's `Transfer-Encoding` ends in `chunked`, which makes its body chunked (RFC 9112 6.3). */
export function isChunked(head: Buffer, headEnd: number): boolean {
  const codings = valuesOf(head, headEnd, "transfer-encoding").join(",").split(",");
  return codings.at(-1)?.trim().toLowerCase() === "chunked";
}

/** The length of the head's body: 0 without `Content-Length`, undefined with a transfer coding or a bad one. */
export function bodyLength(head: Buffer, headEnd: number): number | undefined {
  if (valuesOf(head, headEnd, "transfer-encoding").length > 0) return undefined;
  const values = valuesOf(head, headEnd, "content-length").flatMap((value) => value.split(","));
  const lengths = new Set(values.map((length) => length.trim()));
  if (lengths.size === 0) return 0;
  const [only] = lengths;
  return lengths.size === 1 && /^\d{1,15}$/.test(only!) ? Number(only) : undefined;
}

const isHex = (byte: number) =>
  (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x66);

/** Whether a body's bytes from `at` could start a chunk: hex digits, then `;`, CR or the read's end. */
function mayStartChunk(chunk: Buffer, at: number): boolean {
  const end = Math.min(chunk.length, at + 17);
  let i = at;
  while (i < end && isHex(chunk[i]!)) i++;
  return i > at && (i === chunk.length || chunk[i] === 0x3b || chunk[i] === CR);
}

/**
 * What the relay changes in a request's bytes before workerd reads them, where Node's parser (and so mb)
 * reads on and workerd does not: a chunked body's extensions and trailers (ChunkedBody), and CR/LF bytes
 * after a body of known length (a stray CRLF, which some old clients send after a POST's body: workerd
 * reads it as the start of the next request and answers that 501). CR/LF before a request's head the relay
 * drops itself (`linesEnd`). A GET's head alone, nearly every request, costs two comparisons; other reads a
 * few each, and a head is parsed only when a body's first bytes look like a chunk, or a read ends in CRLF.
 */
export class RequestTidy {
  private watch = Watch.Nothing;
  /** The read that holds the request's head, and where its blank line starts. */
  private head: Buffer | undefined;
  private headEnd = 0;
  /** The client's bytes of this request (head included) before the read at hand. */
  private seen = 0;
  /** Where the request ends in the client's bytes (head and body), once read from the head. */
  private end = UNREAD;
  /** The read before ended in CR/LF dropped after the body: the next one's are dropped too. */
  private straying = false;
  private chunked: ChunkedBody | undefined;

  /** A request's first bytes, its head whole (its blank line at `headEnd`, or -1 past the relay's hold). */
  start(chunk: Buffer, headEnd: number): Buffer {
    const bodyAt = headEnd + 4;
    if (chunk.length === bodyAt && chunk[0] === G) {
      this.watch = Watch.Nothing;
      return chunk;
    }
    this.answered();
    if (headEnd < 0) return chunk;
    this.head = chunk;
    this.headEnd = headEnd;
    this.seen = 0;
    this.end = UNREAD;
    this.straying = false;
    if (chunk.length > bodyAt) return this.body(chunk, bodyAt);
    this.watch = Watch.BodyUnseen;
    this.seen = chunk.length;
    return chunk;
  }

  /** A later read of the request (or of ones pipelined behind it). */
  more(chunk: Buffer): Buffer {
    switch (this.watch) {
      case Watch.Nothing:
        return chunk;
      case Watch.Chunked:
        return this.chunked!.pass(chunk);
      case Watch.BodyUnseen:
        return this.body(chunk, 0);
      default:
        return this.length(chunk);
    }
  }

  /** Its answer has begun: what comes next is a new request. */
  answered(): void {
    if (this.watch === Watch.Nothing) return;
    this.watch = Watch.Nothing;
    this.head = undefined;
    this.chunked = undefined;
  }

  /** The read with the body's first bytes, at `at`. */
  private body(chunk: Buffer, at: number): Buffer {
    const head = this.head!;
    // A GET sends no body (a chunked one is left as it is, as before).
    if (head[0] !== G && mayStartChunk(chunk, at) && isChunked(head, this.headEnd)) {
      this.watch = Watch.Chunked;
      this.chunked = new ChunkedBody();
      return this.chunked.pass(chunk, at);
    }
    this.watch = Watch.Length;
    return this.length(chunk);
  }

  private length(chunk: Buffer): Buffer {
    const before = this.seen;
    this.seen += chunk.length;
    if (this.straying) return this.withoutLines(chunk, 0);
    // Only a read that ends in CRLF (or a CR) is looked at: a body's own LF at its end (JSON from Go's
    // encoder) is not worth a look at the head.
    const last = chunk[chunk.length - 1];
    if (last !== CR && (last !== LF || chunk[chunk.length - 2] !== CR)) return chunk;
    if (this.end === UNREAD) {
      const length = bodyLength(this.head!, this.headEnd);
      this.end = length === undefined ? UNKNOWN : this.headEnd + 4 + length;
    }
    const from = this.end - before;
    if (this.end === UNKNOWN || from < 0 || from >= chunk.length) return chunk;
    return this.withoutLines(chunk, from);
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
