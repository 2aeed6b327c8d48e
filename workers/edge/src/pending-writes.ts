import type { JournalEntry } from "@mockctl/contract";
import type { ImposterState } from "@mockctl/core";
import type { ImposterStore } from "./imposter-store.ts";
import type { Served } from "./journal-table.ts";

/**
 * Group commit for stateful requests. Each served request leaves its changes (counter, moved cursors,
 * recorded requests) here; they are written together one timer turn later, so the requests that reach
 * the object meanwhile share one write and one disk commit instead of one each.
 *
 * Nothing acknowledged can be lost: a request's answer is released only once `written()` resolves,
 * i.e. after its changes were handed to storage, and the object's output gate then holds that answer
 * until the commit is on disk. Any other operation on the imposter calls `flush()` first, so writes keep
 * their order (a stale cursor can never land after a replaced stub) and reads see every change.
 */
export class PendingWrites {
  readonly #store: ImposterStore;
  #numberOfRequests: number | undefined;
  #cursors: Record<number, number> = {};
  #requests: Served[] = [];
  #lastRequestAt = 0;
  #scheduled: Promise<void> | undefined;
  /** Told what each write added to the journal (the live stream's feed), once it is written. */
  readonly #journaled: (entries: JournalEntry[]) => void;

  constructor(store: ImposterStore, journaled: (entries: JournalEntry[]) => void = () => {}) {
    this.#store = store;
    this.#journaled = journaled;
  }

  /**
   * What serving one request changed: the state after it (whose `requests` are the ones it recorded)
   * against the cursors before it, the stub that answered (null for none, or when serving failed), when
   * it came (the overview's last activity) and the imposter's version that answered.
   * Only moved cursors are written; later values replace earlier ones.
   */
  add(
    cursorsBefore: Record<number, number>,
    after: ImposterState,
    stubIndex: number | null,
    at: number,
    version: number,
  ): void {
    this.#numberOfRequests = after.numberOfRequests;
    this.#lastRequestAt = at;
    for (const [key, cursor] of Object.entries(after.cursors)) {
      if (cursorsBefore[Number(key)] !== cursor) this.#cursors[Number(key)] = cursor;
    }
    for (const request of after.requests) this.#requests.push({ request, stubIndex, version });
  }

  /** Resolves once everything added so far is written; rejects if that write failed. */
  written(): Promise<void> {
    this.#scheduled ??= scheduler.wait(0).then(() => {
      this.#scheduled = undefined;
      this.flush();
    });
    return this.#scheduled;
  }

  /** Writes what is pending now, in one synchronous block: atomic, like each request's own write was. */
  flush(): void {
    const numberOfRequests = this.#numberOfRequests;
    if (numberOfRequests === undefined) return;
    const cursors = this.#cursors;
    const requests = this.#requests;
    this.#numberOfRequests = undefined;
    this.#cursors = {};
    this.#requests = [];
    const entries = this.#store.recordServed(numberOfRequests, cursors, requests, this.#lastRequestAt);
    if (entries.length > 0) this.#journaled(entries);
  }
}
