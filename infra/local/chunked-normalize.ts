const CR = 0x0d;
const LF = 0x0a;
const SEMICOLON = 0x3b;

/** Where the parser is in a chunked body (RFC 9112 7.1). */
enum At {
  /** The first digit of a chunk-size line. */
  SizeStart,
  Size,
  /** A chunk extension (`;name=value`): dropped up to its line's CR. */
  Extension,
  SizeLf,
  Data,
  DataCr,
  DataLf,
  /** A trailer line's first byte, or the CR of the blank line that ends the body. */
  TrailerStart,
  /** A trailer field: dropped with its CRLF. */
  Trailer,
  FinalLf,
  /** Past the body: CR and LF bytes before anything else (a stray CRLF, which Node skips) are dropped. */
  After,
  /** Past the body's end, or bytes that are not chunked framing: all passes as it is. */
  Passing,
}

/** Chunk sizes past this are left for workerd to refuse (and stay exact as doubles). */
const MAX_SIZE = 2 ** 40;

function hexValue(byte: number): number {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  const lower = byte | 0x20;
  if (lower >= 0x61 && lower <= 0x66) return lower - 0x61 + 10;
  return -1;
}

/**
 * A chunked request body as the client streams it, read once, with what workerd refuses taken out: chunk
 * extensions (`5;name=value`, which workerd answers 500), trailer fields (it reads them as the next
 * request and answers 501) and CR/LF bytes right after the body (a stray CRLF, 501 on the next request).
 * Node's parser, and so mb, reads the body past all three; mb's `body` is the chunks' data, without trailers.
 * The framing is parsed a byte at a time only on size lines and between chunks: chunk data is skipped by
 * its length. A read with nothing to drop is given back as it came, without a copy.
 */
export class ChunkedBody {
  private at = At.SizeStart;
  /** The size being read, then the data bytes left of the chunk. */
  private size = 0;
  /** Within one `pass`: the kept runs of a read that dropped bytes, and where the current run begins (-1: none). */
  private kept: Buffer[] | undefined;
  private keptFrom = 0;
  private ended = false;

  /** Whether nothing more of the stream can change: the body is over, or its framing is not chunked. */
  get passing(): boolean {
    return this.at === At.Passing;
  }

  /** Whether the body was read to its end (its last chunk and the blank line after its trailers). */
  get over(): boolean {
    return this.ended;
  }

  /** The bytes of `chunk` to send on: bytes before `from` are not the body's (the request's head). */
  pass(chunk: Buffer, from = 0): Buffer {
    if (this.at === At.Passing) return chunk;
    // A read that starts inside a dropped run (an extension or a trailer cut by the read before).
    const dropping = this.at === At.Extension || this.at === At.Trailer;
    this.kept = dropping ? [] : undefined;
    this.keptFrom = dropping ? -1 : 0;
    for (let i = from; i < chunk.length && !this.passing; i++) {
      if (this.at === At.Data) {
        // Chunk data is skipped by its length, never read.
        const skipped = Math.min(this.size, chunk.length - i);
        this.size -= skipped;
        i += skipped - 1;
        if (this.size === 0) this.at = At.DataCr;
      } else this.step(chunk, i);
    }
    const kept = this.kept;
    if (kept === undefined) return chunk;
    this.kept = undefined;
    if (this.keptFrom >= 0 && this.keptFrom < chunk.length) kept.push(chunk.subarray(this.keptFrom));
    return kept.length === 1 ? kept[0]! : Buffer.concat(kept);
  }

  /** One byte of framing at `i`. */
  private step(chunk: Buffer, i: number): void {
    const byte = chunk[i]!;
    switch (this.at) {
      case At.SizeStart:
      case At.Size: {
        const digit = hexValue(byte);
        if (digit >= 0 && this.size < MAX_SIZE) {
          this.size = this.size * 16 + digit;
          this.at = At.Size;
        } else if (this.at === At.Size && byte === SEMICOLON) {
          this.drop(chunk, i);
          this.at = At.Extension;
        } else this.at = this.at === At.Size && byte === CR ? At.SizeLf : At.Passing;
        return;
      }
      case At.Extension:
        if (byte === CR || byte === LF) {
          this.keep(i);
          this.at = byte === CR ? At.SizeLf : At.Passing;
        }
        return;
      case At.SizeLf:
        this.at = byte !== LF ? At.Passing : this.size === 0 ? At.TrailerStart : At.Data;
        return;
      case At.DataCr:
        this.at = byte === CR ? At.DataLf : At.Passing;
        return;
      case At.DataLf:
        this.at = byte === LF ? At.SizeStart : At.Passing;
        return;
      case At.TrailerStart:
        if (byte === CR) this.at = At.FinalLf;
        else if (byte === LF) this.at = At.Passing;
        else {
          this.drop(chunk, i);
          this.at = At.Trailer;
        }
        return;
      case At.Trailer:
        if (byte === LF) {
          this.keep(i + 1);
          this.at = At.TrailerStart;
        }
        return;
      case At.FinalLf:
        this.ended = byte === LF;
        this.at = this.ended ? At.After : At.Passing;
        return;
      case At.After:
        if (byte === CR || byte === LF) this.drop(chunk, i);
        else {
          this.keep(i);
          this.at = At.Passing;
        }
        return;
    }
  }

  /** Bytes from `i` on are dropped (until `keep`): those kept before them are set aside. */
  private drop(chunk: Buffer, i: number): void {
    if (this.keptFrom < 0) return;
    this.kept ??= [];
    if (i > this.keptFrom) this.kept.push(chunk.subarray(this.keptFrom, i));
    this.keptFrom = -1;
  }

  private keep(i: number): void {
    if (this.keptFrom < 0) this.keptFrom = i;
  }
}
