const LF = 0x0a;
const HEAD_END = Buffer.from("\r\n\r\n");
/** workerd's answer heads are a status line and the Worker's headers: past this, something is wrong. */
const MAX_HEAD = 256 * 1024;

/** An answer's status line and headers (names as sent, in order, repeats kept: name, value, name, …). */
export interface AnswerHead {
  status: number;
  message: string;
  rawHeaders: string[];
}

/** Where an answer read by `AnswerReader` goes. Body chunks are the reader's copies, theirs to keep. */
export interface AnswerSink {
  answerHead(head: AnswerHead): void;
  answerBody(chunk: Buffer): void;
  /** The answer is whole; `reusable`: its connection may carry the next request. */
  answerEnd(reusable: boolean): void;
}

enum At {
  Head,
  Length,
  ChunkSize,
  ChunkData,
  ChunkLf,
  Trailers,
  /** A body without a length or chunks: it lasts until workerd closes the connection. */
  ToClose,
  Done,
}

/**
 * One HTTP/1.1 answer from workerd, read from the connection's chunks as they come (RFC 9112 6.3): its head,
 * then a body framed by `Content-Length`, by chunks (given on without their framing, as Node's client does),
 * by the close, or none (a HEAD's, 204, 304). Informational answers before it (`100 Continue`) are skipped.
 * The reader never sends anything: one answer, one request, and the connection's next answer is another reader's.
 */
export class AnswerReader {
  private at = At.Head;
  /** A head or a chunk-size or trailer line not yet whole. */
  private pending: Buffer | undefined;
  private left = 0;
  private reusable = true;
  private ended = false;
  /** Whether any byte of the answer came (a connection closed before one may be tried again). */
  started = false;

  constructor(
    private readonly sink: AnswerSink,
    /** The request was a HEAD: its answer has no body whatever its head says. */
    private readonly head = false,
  ) {}

  /** Reads the connection's next chunk (a view the reader copies from as it needs). */
  read(chunk: Buffer): void {
    if (chunk.length > 0) this.started = true;
    let from = 0;
    while (from < chunk.length && this.at !== At.Done) from = this.step(chunk, from);
    // Bytes after the answer are not ours to read, and the connection is not one to send on again.
    if (from < chunk.length) this.reusable = false;
    if (this.at === At.Done) this.end();
  }

  /** The connection ended: an answer framed by the close ends with it; any other is cut short (throws). */
  closed(): void {
    if (this.at === At.Done) return;
    if (this.at !== At.ToClose) throw new Error("workerd closed the connection before its answer ended");
    this.at = At.Done;
    this.end();
  }

  private end(): void {
    if (this.ended) return;
    this.ended = true;
    this.sink.answerEnd(this.reusable);
  }

  private step(chunk: Buffer, from: number): number {
    switch (this.at) {
      case At.Head:
        return this.readHead(chunk, from);
      case At.Length:
      case At.ChunkData:
        return this.readData(chunk, from);
      case At.ToClose:
        this.sink.answerBody(Buffer.from(chunk.subarray(from)));
        return chunk.length;
      default:
        return this.readLine(chunk, from);
    }
  }

  private readHead(chunk: Buffer, from: number): number {
    const whole = this.joined(chunk, from);
    const end = whole.indexOf(HEAD_END);
    if (end < 0) {
      if (whole.length > MAX_HEAD) throw new Error("workerd's answer head is too large");
      this.pending = Buffer.from(whole);
      return chunk.length;
    }
    this.pending = undefined;
    const head = parseHead(whole.toString("latin1", 0, end));
    // The bytes of `whole` past the head are `chunk`'s last ones: where reading goes on in it.
    const next = chunk.length - (whole.length - (end + 4));
    if (head.status >= 100 && head.status < 200 && head.status !== 101) return next;
    this.frame(head);
    this.sink.answerHead(head);
    return next;
  }

  private frame(head: AnswerHead): void {
    let length = -1;
    let chunked = false;
    const raw = head.rawHeaders;
    for (let i = 0; i + 1 < raw.length; i += 2) {
      const name = raw[i]!.toLowerCase();
      // Only the three framing headers' values are read (lower-cased): the others pass as they are.
      if (name === "content-length") length = Number(raw[i + 1]);
      else if (name === "transfer-encoding") chunked = lastToken(raw[i + 1]!) === "chunked";
      else if (name === "connection" && tokens(raw[i + 1]!).includes("close")) this.reusable = false;
    }
    if (this.head || head.status === 204 || head.status === 304) this.at = At.Done;
    else if (chunked) this.at = At.ChunkSize;
    else if (length >= 0 && Number.isSafeInteger(length)) {
      this.left = length;
      this.at = length === 0 ? At.Done : At.Length;
    } else {
      this.reusable = false;
      this.at = At.ToClose;
    }
  }

  private readData(chunk: Buffer, from: number): number {
    const to = Math.min(chunk.length, from + this.left);
    this.sink.answerBody(Buffer.from(chunk.subarray(from, to)));
    this.left -= to - from;
    if (this.left === 0) this.at = this.at === At.Length ? At.Done : At.ChunkLf;
    return to;
  }

  /** A chunk-size line, the CRLF after a chunk's data, or a trailer line: read whole, then acted on. */
  private readLine(chunk: Buffer, from: number): number {
    const lf = chunk.indexOf(LF, from);
    if (lf < 0) {
      this.pending = Buffer.from(this.joined(chunk, from));
      if (this.pending.length > MAX_HEAD) throw new Error("workerd's chunked answer has a line too long");
      return chunk.length;
    }
    const line = this.joined(chunk.subarray(0, lf), from).toString("latin1").replace(/\r$/, "");
    this.pending = undefined;
    if (this.at === At.ChunkLf) {
      if (line !== "") throw new Error("workerd's chunk did not end where its size said");
      this.at = At.ChunkSize;
    } else if (this.at === At.ChunkSize) {
      const size = Number.parseInt(line.split(";")[0]!.trim(), 16);
      if (!Number.isSafeInteger(size) || size < 0) throw new Error("workerd's chunk size is not a number");
      this.left = size;
      this.at = size === 0 ? At.Trailers : At.ChunkData;
    } else if (line === "") {
      this.at = At.Done;
    }
    return lf + 1;
  }

  /** `chunk` from `from` on, after what an earlier read left pending. */
  private joined(chunk: Buffer, from: number): Buffer {
    const rest = chunk.subarray(from);
    return this.pending === undefined ? rest : Buffer.concat([this.pending, rest]);
  }
}

/** A header value's comma-separated tokens, lower-cased. */
const tokens = (value: string): string[] =>
  value
    .toLowerCase()
    .split(",")
    .map((token) => token.trim());
const lastToken = (value: string): string | undefined => tokens(value).at(-1);

const isBlank = (code: number): boolean => code === 0x20 || code === 0x09;

/**
 * A header line's value from `from` on, without the blanks around it: blanks only, as trim() would also take
 * U+00A0, which is byte 0xA0 read as latin1, the last byte of `à`.
 */
function headerValue(line: string, from: number): string {
  let start = from;
  let end = line.length;
  while (start < end && isBlank(line.charCodeAt(start))) start++;
  while (end > start && isBlank(line.charCodeAt(end - 1))) end--;
  return line.slice(start, end);
}

/** `HTTP/1.1 200 OK` and the header lines after it. */
function parseHead(text: string): AnswerHead {
  const lines = text.split("\r\n");
  const statusLine = lines[0] ?? "";
  const status = Number(statusLine.slice(9, 12));
  const spaced = statusLine[8] === " " && (statusLine.length === 12 || statusLine[12] === " ");
  if (!statusLine.startsWith("HTTP/1.") || !spaced || !(status >= 100 && status <= 999)) {
    throw new Error("workerd's answer does not start with an HTTP/1 status line");
  }
  const rawHeaders: string[] = [];
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    rawHeaders.push(line.slice(0, colon), headerValue(line, colon + 1));
  }
  return { status, message: statusLine.slice(13), rawHeaders };
}
