import type { JournalEntry } from "@mockctl/contract";
import { type Imposter, type MbRequest, utf8Length } from "@mockctl/core";
import { JOURNAL_CAP, JournalTable, LISTED_JOURNAL_CHARS, type Served } from "./journal-table.ts";
import { CHUNK_CHARS, chunksOf } from "./text-chunks.ts";

export interface StoredImposter {
  imposter: Imposter;
  numberOfRequests: number;
  cursors: Record<number, number>;
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
  CREATE TABLE IF NOT EXISTS definition (chunk INTEGER PRIMARY KEY, text TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS cursors (stub INTEGER PRIMARY KEY, position INTEGER NOT NULL);
`;

// Upserts update a row in place; INSERT OR REPLACE would delete it and insert it again.
const UPSERT_META = "INSERT INTO meta VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value";
const UPSERT_CURSOR =
  "INSERT INTO cursors VALUES (?, ?) ON CONFLICT (stub) DO UPDATE SET position = excluded.position";

/**
 * One imposter's SQLite storage: its definition, cursors and counters here, its journal in JournalTable.
 * Every method is synchronous and atomic, so durable before the RPC returns.
 */
export class ImposterStore {
  readonly #storage: DurableObjectStorage;
  readonly #journal: JournalTable;

  constructor(storage: DurableObjectStorage, journalLimit = JOURNAL_CAP, listedChars = LISTED_JOURNAL_CHARS) {
    this.#storage = storage;
    storage.sql.exec(SCHEMA);
    this.#journal = new JournalTable(storage.sql, journalLimit, listedChars);
  }

  /** The journal's last sequence number (journal-table.ts). */
  get lastSeq(): number {
    return this.#journal.lastSeq;
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
   * Writes a definition (`text`, when the caller has it already) and its cursors; `fresh` also starts the
   * counter and the journal again. Answers the definition's stored bytes (as `storedBytes()`), counted from
   * the text it has just written.
   */
  save(
    version: number,
    stored: StoredImposter,
    fresh: boolean,
    text = JSON.stringify(stored.imposter),
  ): number {
    this.#storage.transactionSync(() => {
      this.#sql.exec("DELETE FROM definition");
      for (const [i, chunk] of chunksOf(text, CHUNK_CHARS).entries())
        this.#sql.exec("INSERT INTO definition VALUES (?, ?)", i, chunk);
      this.#sql.exec("DELETE FROM cursors");
      this.#writeCursors(stored.cursors);
      if (fresh) this.#clearRequests();
      this.#setMeta("version", version);
    });
    if (fresh) this.#journal.cleared();
    return utf8Length(text);
  }

  remove(version: number): void {
    this.#storage.transactionSync(() => {
      this.#sql.exec("DELETE FROM definition");
      this.#sql.exec("DELETE FROM cursors");
      this.#clearRequests();
      this.#setMeta("version", version);
    });
    this.#journal.cleared();
  }

  resetRequests(version: number): void {
    this.#storage.transactionSync(() => {
      this.#clearRequests();
      this.#setMeta("version", version);
    });
    this.#journal.cleared();
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
    const entries = served.length > 0 ? this.#journal.append(served) : [];
    this.#setMeta("numberOfRequests", numberOfRequests);
    this.#setMeta("lastRequestAt", lastRequestAt);
    this.#writeCursors(cursors);
    return entries;
  }

  /** The retained requests, oldest first, as many as an admin answer lists (journal-table.ts). */
  requests(): MbRequest[] {
    return this.#journal.requests();
  }

  /**
   * When the imposter last got a request (ms since the epoch), written with its count (at most once a second
   * for the front door's), so it outlives the object's eviction; an object written before that was kept
   * falls back to its newest journal entry.
   */
  lastRequestAt(): number | undefined {
    const written = this.#meta("lastRequestAt");
    if (written > 0) return written;
    return this.#journal.newestAt();
  }

  /** The retained journal after `since`, oldest first, for a stream's replay. */
  entriesAfter(since: number): JournalEntry[] {
    return this.#journal.entriesAfter(since);
  }

  #writeCursors(cursors: Record<number, number>): void {
    for (const [stub, position] of Object.entries(cursors)) {
      this.#sql.exec(UPSERT_CURSOR, Number(stub), position);
    }
  }

  #clearRequests(): void {
    this.#journal.clear();
    this.#setMeta("numberOfRequests", 0);
    this.#setMeta("lastRequestAt", 0);
  }
}
