import type { JournalEntry, JournalStubs } from "@mockctl/contract";
// The subpath, not the package: the package's journal-api.ts would bring zod into this bundle.
import { JOURNAL_EVENTS, KEEP_ALIVE_MS } from "@mockctl/contract/journal-events";

const encoder = new TextEncoder();
const KEEP_ALIVE = encoder.encode(": keep-alive\n\n");

/** Chunks a reader may leave unread before its stream is ended: a stalled reader must not hold memory. */
export const MAX_BACKLOG = 2_000;

/** One server-sent event: the data is one line of JSON (JSON.stringify never writes a newline). */
export const sseEvent = (event: string, data: unknown): Uint8Array =>
  encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

type Writer = WritableStreamDefaultWriter<Uint8Array>;

/** Replayed events per chunk: the backlog counts chunks, and a replay is bounded by the journal's length. */
export const REPLAY_BATCH = 250;

/**
 * A `?since=` replay in a few chunks, not one per entry: written at once before anyone reads, one chunk per
 * entry would count each against MAX_BACKLOG and end any replay longer than it (up to JOURNAL_LIMIT, 10,000).
 */
function replayChunks(replay: readonly JournalEntry[]): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (let start = 0; start < replay.length; start += REPLAY_BATCH) {
    const events = replay
      .slice(start, start + REPLAY_BATCH)
      .map((entry) => `event: ${JOURNAL_EVENTS.request}\ndata: ${JSON.stringify(entry)}\n\n`);
    chunks.push(encoder.encode(events.join("")));
  }
  return chunks;
}

/**
 * The live journal's listeners in one imposter object (GET /imposters/:id/requests/stream). Entries reach
 * it only after they are written, so a stream never shows a request the journal could still lose. With no
 * listener, publishing is one size check: the hot path pays nothing else. A keep-alive comment goes out
 * every KEEP_ALIVE_MS while anyone listens; deleting the imposter ends every stream.
 */
export class JournalFeed {
  readonly #writers = new Set<Writer>();
  #timer: ReturnType<typeof setInterval> | undefined;

  get listeners(): number {
    return this.#writers.size;
  }

  /**
   * A new stream: `hello` with the last sequence number and the imposter's version (a page that reconnects
   * learns of a change it missed), the replayed entries, then live ones.
   */
  open(lastSeq: number, replay: readonly JournalEntry[], version: number): ReadableStream<Uint8Array> {
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    const writer = writable.getWriter();
    this.#writers.add(writer);
    this.#send(writer, sseEvent(JOURNAL_EVENTS.hello, { seq: lastSeq, version }));
    for (const chunk of replayChunks(replay)) this.#send(writer, chunk);
    // A reader that went away (the client disconnected) errors the stream: forget it.
    writer.closed.catch(() => this.#drop(writer));
    this.#tick();
    return readable;
  }

  publish(entries: readonly JournalEntry[]): void {
    if (this.#writers.size === 0) return;
    for (const entry of entries) {
      const chunk = sseEvent(JOURNAL_EVENTS.request, entry);
      for (const writer of this.#writers) this.#send(writer, chunk);
    }
  }

  /** A proxy recorded an answer into the stubs: one `stubs` event, after the request's own. */
  publishStubs(change: JournalStubs): void {
    if (this.#writers.size === 0) return;
    const chunk = sseEvent(JOURNAL_EVENTS.stubs, change);
    for (const writer of this.#writers) this.#send(writer, chunk);
  }

  /** The imposter moved to `version` (an admin change, a recording, its requests cleared). */
  publishVersion(version: number): void {
    if (this.#writers.size === 0) return;
    const chunk = sseEvent(JOURNAL_EVENTS.version, { version });
    for (const writer of this.#writers) this.#send(writer, chunk);
  }

  /** Ends every stream cleanly (the imposter is gone). */
  close(): void {
    for (const writer of this.#writers) writer.close().catch(() => {});
    this.#writers.clear();
    this.#tick();
  }

  #send(writer: Writer, chunk: Uint8Array): void {
    if ((writer.desiredSize ?? 0) < -MAX_BACKLOG) {
      this.#drop(writer);
      writer.abort(new Error("the journal stream's reader fell too far behind")).catch(() => {});
      return;
    }
    writer.write(chunk).catch(() => this.#drop(writer));
  }

  #drop(writer: Writer): void {
    this.#writers.delete(writer);
    this.#tick();
  }

  /** The keep-alive timer runs exactly while someone listens. */
  #tick(): void {
    if (this.#writers.size > 0 && this.#timer === undefined) {
      this.#timer = setInterval(() => {
        for (const writer of this.#writers) this.#send(writer, KEEP_ALIVE);
      }, KEEP_ALIVE_MS);
    } else if (this.#writers.size === 0 && this.#timer !== undefined) {
      clearInterval(this.#timer);
      this.#timer = undefined;
    }
  }
}
