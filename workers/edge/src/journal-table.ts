import type { JournalEntry } from "@mockctl/contract";
import type { MbRequest } from "@mockctl/core";
import { addJournalColumns } from "./journal-columns.ts";
import { CHUNK_CHARS, chunksOf } from "./text-chunks.ts";

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
 * How much of the journal an admin answer lists, in characters of the entries' JSON: with a definition of
 * up to 10 MiB beside it, the answer stays inside the 32 MiB a call between Workers carries. Older entries
 * stay stored (and in the journal stream's replay) until JOURNAL_CAP or a reset drops them.
 */
export const LISTED_JOURNAL_CHARS = 16 * 1024 * 1024;

/** A request the object served for the journal: the stub that answered, or null for the default response. */
export interface Served {
  request: MbRequest;
  stubIndex: number | null;
  /** The imposter's version that served it (its stub list): what `stubIndex` indexes into. */
  version: number;
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS journal (seq INTEGER PRIMARY KEY, request TEXT NOT NULL, stub INTEGER,
    version INTEGER);
  CREATE TABLE IF NOT EXISTS journal_chunk (seq INTEGER, chunk INTEGER, text TEXT NOT NULL,
    PRIMARY KEY (seq, chunk));
`;

/** Each entry's length in characters, a chunked one's from its chunks, newest first. */
const LISTED_NEWEST_FIRST = `
  SELECT seq, request, CASE WHEN request = '' THEN
    (SELECT COALESCE(SUM(LENGTH(text)), 0) FROM journal_chunk WHERE journal_chunk.seq = journal.seq)
  ELSE LENGTH(request) END AS size
  FROM journal ORDER BY seq DESC`;

/** The `request` of a journal row whose entry is in journal_chunk: never a request's JSON, which is an object. */
const CHUNKED = "";

const INSERT_ENTRY = "INSERT INTO journal (seq, request, stub, version) VALUES (?, ?, ?, ?)";

type Row = { seq: number; request: string };

/**
 * One imposter's recorded requests in its object's SQLite: the rows ImposterStore writes inside its own
 * transactions. Every method is synchronous; none opens a transaction of its own.
 */
export class JournalTable {
  readonly #sql: SqlStorage;
  readonly #limit: number;
  readonly #listedChars: number;
  /**
   * The last sequence number given. It never goes back while the object lives (a reset or a new imposter
   * keeps counting), so a stream's `?since=` never skips a newer request; after a restart it starts from
   * the highest retained one.
   */
  #lastSeq: number;
  /** Whether journal_chunk may hold rows: until an entry needs chunks, trimming skips that table. */
  #chunked: boolean;
  /**
   * True only when the journal has no rows: a read of an imposter that records nothing (most of them) then
   * runs no query for its requests. Set by the store after a clearing transaction commits, never inside it,
   * so a rolled back reset cannot hide rows; an append clears it before writing.
   */
  #empty: boolean;

  constructor(sql: SqlStorage, limit: number, listedChars: number) {
    this.#sql = sql;
    this.#limit = limit;
    this.#listedChars = listedChars;
    sql.exec(SCHEMA);
    addJournalColumns(sql);
    const newest = sql.exec<{ seq: number | null }>("SELECT MAX(seq) AS seq FROM journal").one().seq;
    this.#lastSeq = newest ?? 0;
    this.#empty = newest === null;
    this.#chunked =
      sql.exec<{ any: number }>("SELECT EXISTS (SELECT 1 FROM journal_chunk) AS any").one().any === 1;
  }

  get lastSeq(): number {
    return this.#lastSeq;
  }

  /** The retained requests, oldest first, as far back as the listed characters reach (the newest always). */
  requests(): MbRequest[] {
    if (this.#empty) return [];
    const listed: Row[] = [];
    let chars = 0;
    // The cursor reads rows as it is iterated: those past the budget are never loaded.
    for (const row of this.#sql.exec<Row & { size: number }>(LISTED_NEWEST_FIRST)) {
      if (listed.length > 0 && chars + row.size > this.#listedChars) break;
      chars += row.size;
      listed.push(row);
    }
    return listed.reverse().map((row) => this.#parse(row));
  }

  /** When the newest retained request came (ms since the epoch), if any is retained. */
  newestAt(): number | undefined {
    if (this.#empty) return undefined;
    const row = this.#sql
      .exec<Row>("SELECT seq, request FROM journal ORDER BY seq DESC LIMIT 1")
      .toArray()[0];
    const at = row === undefined ? undefined : this.#parse(row).timestamp;
    return at === undefined ? undefined : Date.parse(at);
  }

  /** The retained journal after `since`, oldest first, for a stream's replay. */
  entriesAfter(since: number): JournalEntry[] {
    if (this.#empty) return [];
    const rows = this.#sql.exec<Row & { stub: number | null; version: number | null }>(
      "SELECT seq, request, stub, version FROM journal WHERE seq > ? ORDER BY seq",
      since,
    );
    return rows.toArray().map((row) => entryOf(row.seq, this.#parse(row), row.stub, row.version));
  }

  /** Appends what was served, then drops what is past the limit; answers the entries as written. */
  append(served: Served[]): JournalEntry[] {
    const entries: JournalEntry[] = [];
    let seq = this.#lastSeq;
    this.#empty = false;
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
    this.#sql.exec("DELETE FROM journal WHERE seq <= ?", seq - this.#limit);
    if (this.#chunked) this.#sql.exec("DELETE FROM journal_chunk WHERE seq <= ?", seq - this.#limit);
    return entries;
  }

  /** Deletes every row; inside the caller's transaction, which calls `cleared()` once it commits. */
  clear(): void {
    this.#sql.exec("DELETE FROM journal");
    this.#sql.exec("DELETE FROM journal_chunk");
  }

  /** After the clearing transaction committed: a rolled back one leaves rows, and these flags must not lie. */
  cleared(): void {
    this.#empty = true;
    this.#chunked = false;
  }

  /** A row's request; a chunked one's text is put together from journal_chunk. */
  #parse({ seq, request }: Row): MbRequest {
    if (request !== CHUNKED) return JSON.parse(request) as MbRequest;
    const sql = "SELECT text FROM journal_chunk WHERE seq = ? ORDER BY chunk";
    const chunks = this.#sql.exec<{ text: string }>(sql, seq).toArray();
    return JSON.parse(chunks.map((row) => row.text).join("")) as MbRequest;
  }

  #appendChunked(seq: number, text: string, stubIndex: number | null, version: number): void {
    this.#sql.exec(INSERT_ENTRY, seq, CHUNKED, stubIndex, version);
    for (const [i, chunk] of chunksOf(text, CHUNK_CHARS).entries())
      this.#sql.exec("INSERT INTO journal_chunk VALUES (?, ?, ?)", seq, i, chunk);
    this.#chunked = true;
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
