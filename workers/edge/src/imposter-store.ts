import type { JournalEntry } from "@mockctl/contract";
import { type Imposter, type MbRequest, utf8Length } from "@mockctl/core";
import { addJournalColumns } from "./journal-columns.ts";

/**
 * Recorded requests kept per imposter unless JOURNAL_LIMIT says otherwise: a ring buffer, oldest dropped
 * first (mb keeps them all, unbounded).
 */
export const JOURNAL_CAP = 10_000;

/** The Worker's JOURNAL_LIMIT (a positive integer), else JOURNAL_CAP. */
export function journalLimitOf(env: { JOURNAL_LIMIT?: string }): number {
  const value = Number(env.JOURNAL_LIMIT);
  return Number.isInteger(value) && value > 0 ? value : JOURNAL_CAP;
}

/**
 * Durable Object SQLite rows are limited to 2 MB; a definition, and a journal entry longer than this, are
 * stored as text chunks well under that (a JavaScript character is at most 3 UTF-8 bytes).
 */
export const CHUNK_CHARS = 600_000;

/**
 * `text` cut into pieces of at most `size` characters, never between the two halves of a surrogate pair:
 * SQLite keeps TEXT as UTF-8, where a lone half becomes U+FFFD, so an emoji cut in two would come back
 * as two replacement characters.
 */
export function chunksOf(text: string, size: number): string[] {
  const chunks: string[] = [];
  for (let start = 0; start < text.length; ) {
    let end = Math.min(start + size, text.length);
    const last = text.charCodeAt(end - 1);
    // A chunk of one character that is a pair's first half takes the second half too.
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end += end - 1 > start ? -1 : 1;
    chunks.push(text.slice(start, end));
    start = end;
  }
  return chunks;
}

export interface StoredImposter {
  imposter: Imposter;
  numberOfRequests: number;
  cursors: Record<number, number>;
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
  CREATE TABLE IF NOT EXISTS definition (chunk INTEGER PRIMARY KEY, text TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS cursors (stub INTEGER PRIMARY KEY, position INTEGER NOT NULL);
  CREATE TABLE IF NOT EXISTS journal (seq INTEGER PRIMARY KEY, request TEXT NOT NULL, stub INTEGER,
    version INTEGER);
  CREATE TABLE IF NOT EXISTS journal_chunk (seq INTEGER, chunk INTEGER, text TEXT NOT NULL,
    PRIMARY KEY (seq, chunk));
`;

/**
 * How much of the journal an admin answer lists, in characters of the entries' JSON: with a definition of
 * up to 10 MiB beside it, the answer stays inside the 32 MiB a call between Workers carries. Older entries
 * stay stored (and in the journal stream's replay) until JOURNAL_CAP or a reset drops them.
 */
export const LISTED_JOURNAL_CHARS = 16 * 1024 * 1024;

/** Each entry's length in characters, a chunked one's from its chunks, newest first. */
const LISTED_NEWEST_FIRST = `
  SELECT seq, request, CASE WHEN request = '' THEN
    (SELECT COALESCE(SUM(LENGTH(text)), 0) FROM journal_chunk WHERE journal_chunk.seq = journal.seq)
  ELSE LENGTH(request) END AS size
  FROM journal ORDER BY seq DESC`;

/** The `request` of a journal row whose entry is in journal_chunk: never a request's JSON, which is an object. */
const CHUNKED = "";

/** A request the object served for the journal: the stub that answered, or null for the default response. */
export interface Served {
  request: MbRequest;
  stubIndex: number | null;
  /** The imposter's version that served it (its stub list): what `stubIndex` indexes into. */
  version: number;
}

const INSERT_ENTRY = "INSERT INTO journal (seq, request, stub, version) VALUES (?, ?, ?, ?)";

// Upserts update a row in place; INSERT OR REPLACE would delete it and insert it again.
const UPSERT_META = "INSERT INTO meta VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value";
const UPSERT_CURSOR =
  "INSERT INTO cursors VALUES (?, ?) ON CONFLICT (stub) DO UPDATE SET position = excluded.position";

/** One imposter's SQLite storage. Every method is synchronous and atomic, so durable before the RPC returns. */
export class ImposterStore {
  readonly #storage: DurableObjectStorage;
  readonly #journalLimit: number;
  /**
   * The last journal sequence number given. It never goes back while the object lives (a reset or a new
   * imposter keeps counting), so a stream's `?since=` never skips a newer request; after a restart it
   * starts from the highest retained one.
   */
  #lastSeq: number;
  /** Whether journal_chunk may hold rows: until an entry needs chunks, trimming the journal skips that table. */
  #chunked: boolean;
  /**
   * True only when the journal has no rows: a read of an imposter that records nothing (most of them) then
   * runs no query for its requests. Set after a clearing transaction commits, never inside it, so a rolled
   * back reset cannot hide rows; an append clears it before writing.
   */
  #journalEmpty: boolean;

  readonly #listedChars: number;

  constructor(storage: DurableObjectStorage, journalLimit = JOURNAL_CAP, listedChars = LISTED_JOURNAL_CHARS) {
    this.#listedChars = listedChars;
    this.#storage = storage;
    this.#journalLimit = journalLimit;
    storage.sql.exec(SCHEMA);
    addJournalColumns(storage.sql);
    const newest = storage.sql.exec<{ seq: number | null }>("SELECT MAX(seq) AS seq FROM journal").one().seq;
    this.#lastSeq = newest ?? 0;
    this.#journalEmpty = newest === null;
    this.#chunked =
      storage.sql.exec<{ any: number }>("SELECT EXISTS (SELECT 1 FROM journal_chunk) AS any").one().any === 1;
  }

  get lastSeq(): number {
    return this.#lastSeq;
  }

  get #sql(): SqlStorage {
    return this.#storage.sql;
  }

  #meta(key: string): number {
    const row = this.#sql.exec<{ value: number }>("SELECT value FROM meta WHERE key = ?", key).toArray()[0];
    return row?.value ?? 0;
  }

  #setMeta(key: string, value: number): void {
    this.#sql.exec(UPSERT_META, key, value);
  }

  /** Grows on every change and survives deletion, so a version never names two different definitions. */
  version(): number {
    return this.#meta("version");
  }

  load(): StoredImposter | null {
    const chunks = this.#sql.exec<{ text: string }>("SELECT text FROM definition ORDER BY chunk").toArray();
    if (chunks.length === 0) return null;
    const cursors: Record<number, number> = {};
    for (const row of this.#sql.exec<{ stub: number; position: number }>(
      "SELECT stub, position FROM cursors",
    )) {
      cursors[row.stub] = row.position;
    }
    const imposter = JSON.parse(chunks.map((row) => row.text).join("")) as Imposter;
    return { imposter, numberOfRequests: this.#meta("numberOfRequests"), cursors };
  }

  /** The definition's size as stored: SQLite's length of text cast to a blob is its UTF-8 bytes. */
  storedBytes(): number {
    const sql = "SELECT COALESCE(SUM(LENGTH(CAST(text AS BLOB))), 0) AS bytes FROM definition";
    return this.#sql.exec<{ bytes: number }>(sql).one().bytes;
  }

  /**
   * Writes a definition and its cursors; `fresh` also starts the counter and the journal again. Answers
   * the definition's stored bytes (as `storedBytes()`), counted from the text it has just written.
   */
  save(version: number, stored: StoredImposter, fresh: boolean): number {
    const text = JSON.stringify(stored.imposter);
    this.#storage.transactionSync(() => {
      this.#sql.exec("DELETE FROM definition");
      for (const [i, chunk] of chunksOf(text, CHUNK_CHARS).entries())
        this.#sql.exec("INSERT INTO definition VALUES (?, ?)", i, chunk);
      this.#sql.exec("DELETE FROM cursors");
      this.#writeCursors(stored.cursors);
      if (fresh) this.#clearRequests();
      this.#setMeta("version", version);
    });
    if (fresh) this.#journalEmpty = true;
    return utf8Length(text);
  }

  remove(version: number): void {
    this.#storage.transactionSync(() => {
      this.#sql.exec("DELETE FROM definition");
      this.#sql.exec("DELETE FROM cursors");
      this.#clearRequests();
      this.#setMeta("version", version);
    });
    this.#journalEmpty = true;
  }

  resetRequests(version: number): void {
    this.#storage.transactionSync(() => {
      this.#clearRequests();
      this.#setMeta("version", version);
    });
    this.#journalEmpty = true;
  }

  /** The count a front door flushed, and when the last of those requests came (ms since the epoch). */
  setCount(numberOfRequests: number, lastRequestAt: number): void {
    this.#setMeta("numberOfRequests", numberOfRequests);
    this.#setMeta("lastRequestAt", lastRequestAt);
  }

  /**
   * Persists what serving one request changed: recorded requests, the counter, moved cursors.
   *
   * Plain writes, not transactionSync: that commits to disk on the spot (after first committing whatever
   * is pending), once per request. Writes made in one synchronous block join the object's implicit
   * transaction instead, which is as atomic, is committed before the RPC's answer leaves (the output
   * gate holds it), and under load also carries the writes of the requests served before it commits:
   * one commit for many requests. The journal goes first because it is the write most likely to fail
   * (the object's storage full); then nothing of this request is written.
   */
  recordServed(
    numberOfRequests: number,
    cursors: Record<number, number>,
    served: Served[],
    lastRequestAt = Date.now(),
  ): JournalEntry[] {
    const entries = served.length > 0 ? this.#append(served) : [];
    this.#setMeta("numberOfRequests", numberOfRequests);
    this.#setMeta("lastRequestAt", lastRequestAt);
    this.#writeCursors(cursors);
    return entries;
  }

  /**
   * The retained requests, oldest first, as far back as LISTED_JOURNAL_CHARS of their JSON reach (the newest
   * always): every admin answer about the imposter carries them in one call, which workerd caps at 32 MiB.
   */
  requests(): MbRequest[] {
    if (this.#journalEmpty) return [];
    const listed: Array<{ seq: number; request: string }> = [];
    let chars = 0;
    // The cursor reads rows as it is iterated: those past the budget are never loaded.
    for (const row of this.#sql.exec<{ seq: number; request: string; size: number }>(LISTED_NEWEST_FIRST)) {
      if (listed.length > 0 && chars + row.size > this.#listedChars) break;
      chars += row.size;
      listed.push(row);
    }
    return listed.reverse().map((row) => this.#parse(row));
  }

  /**
   * When the imposter last got a request (ms since the epoch), written with its count (at most once a second
   * for the front door's), so it outlives the object's eviction; an object written before that was kept
   * falls back to its newest journal entry.
   */
  lastRequestAt(): number | undefined {
    const written = this.#meta("lastRequestAt");
    if (written > 0) return written;
    if (this.#journalEmpty) return undefined;
    const row = this.#sql
      .exec<{ seq: number; request: string }>("SELECT seq, request FROM journal ORDER BY seq DESC LIMIT 1")
      .toArray()[0];
    const at = row === undefined ? undefined : this.#parse(row).timestamp;
    return at === undefined ? undefined : Date.parse(at);
  }

  /** The retained journal after `since`, oldest first, for a stream's replay. */
  entriesAfter(since: number): JournalEntry[] {
    if (this.#journalEmpty) return [];
    const rows = this.#sql.exec<{
      seq: number;
      request: string;
      stub: number | null;
      version: number | null;
    }>("SELECT seq, request, stub, version FROM journal WHERE seq > ? ORDER BY seq", since);
    return rows.toArray().map((row) => entryOf(row.seq, this.#parse(row), row.stub, row.version));
  }

  /** A journal row's request; a chunked one's text is put together from journal_chunk. */
  #parse({ seq, request }: { seq: number; request: string }): MbRequest {
    if (request !== CHUNKED) return JSON.parse(request) as MbRequest;
    const sql = "SELECT text FROM journal_chunk WHERE seq = ? ORDER BY chunk";
    const chunks = this.#sql.exec<{ text: string }>(sql, seq).toArray();
    return JSON.parse(chunks.map((row) => row.text).join("")) as MbRequest;
  }

  #writeCursors(cursors: Record<number, number>): void {
    for (const [stub, position] of Object.entries(cursors)) {
      this.#sql.exec(UPSERT_CURSOR, Number(stub), position);
    }
  }

  #append(served: Served[]): JournalEntry[] {
    const entries: JournalEntry[] = [];
    let seq = this.#lastSeq;
    this.#journalEmpty = false;
    for (const { request, stubIndex, version } of served) {
      seq += 1;
      const text = JSON.stringify(request);
      // The short path stays one row and one statement; only a long entry pays for chunks.
      if (text.length <= CHUNK_CHARS) this.#sql.exec(INSERT_ENTRY, seq, text, stubIndex, version);
      else this.#appendChunked(seq, text, stubIndex, version);
      entries.push(entryOf(seq, request, stubIndex, version));
    }
    // Only once the rows are in: a failed insert must not use up numbers.
    this.#lastSeq = seq;
    this.#sql.exec("DELETE FROM journal WHERE seq <= ?", seq - this.#journalLimit);
    if (this.#chunked) this.#sql.exec("DELETE FROM journal_chunk WHERE seq <= ?", seq - this.#journalLimit);
    return entries;
  }

  #appendChunked(seq: number, text: string, stubIndex: number | null, version: number): void {
    this.#sql.exec(INSERT_ENTRY, seq, CHUNKED, stubIndex, version);
    for (const [i, chunk] of chunksOf(text, CHUNK_CHARS).entries())
      this.#sql.exec("INSERT INTO journal_chunk VALUES (?, ?, ?)", seq, i, chunk);
    this.#chunked = true;
  }

  #clearRequests(): void {
    this.#sql.exec("DELETE FROM journal");
    this.#sql.exec("DELETE FROM journal_chunk");
    this.#chunked = false;
    this.#setMeta("numberOfRequests", 0);
    this.#setMeta("lastRequestAt", 0);
  }
}

function entryOf(
  seq: number,
  request: MbRequest,
  stubIndex: number | null,
  version: number | null,
): JournalEntry {
  const entry: JournalEntry = { seq, at: request.timestamp ?? new Date().toJSON(), request, stubIndex };
  if (version !== null) entry.version = version;
  return entry;
}
