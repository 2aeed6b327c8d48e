import {
  changedSince,
  type Head,
  type ImposterOverview,
  type ImposterRecord,
  NO_SUCH_IMPOSTER,
  noSuchImposterResponse,
  type Snapshot,
} from "@mockctl/contract";
import type {
  EngineDeps,
  EngineResult,
  Explanation,
  Imposter,
  MbRequest,
  ResponseDescription,
  Result,
} from "@mockctl/core";
import {
  createEngine,
  DEFAULT_LIMITS,
  explainRequest,
  fail,
  failAs,
  type ImposterEngine,
  type ImposterState,
  imposterSizeError,
  MbFailure,
  ok,
  utf8Length,
} from "@mockctl/core";
import { emptyUserState, type UserState } from "@mockctl/user-code/edge";
import { failed } from "./errors.ts";
import { ImposterStore, type StoredImposter } from "./imposter-store.ts";
import { JournalFeed } from "./journal-feed.ts";
import { PendingWrites } from "./pending-writes.ts";
import { type Recording, recordingOf, sent } from "./proxy/recording.ts";
import { publish, takeHits, thisIsolate } from "./registry.ts";

/** What is kept in memory between requests: the stored state plus its compiled engine and stored size. */
interface Live extends StoredImposter {
  engine: ImposterEngine;
  storedBytes: number;
}

/**
 * One imposter's state, in storage and in memory, and its publication to this isolate's registry under
 * `name`. Every change is written (synchronously, atomically) before the method returns, then published;
 * what serving requests changes is written in groups (pending-writes.ts), and `written()` tells when.
 * Callers run one method at a time (the Durable Object's queue).
 */
export class ImposterKeeper {
  readonly #store: ImposterStore;
  readonly #pending: PendingWrites;
  readonly #feed = new JournalFeed();
  readonly #name: string | undefined;
  #version: number;
  #live: Live | null;
  /**
   * Injection `state` (mb's imposterState and injectState). Kept in memory for the imposter's life and
   * kept when stubs change, as mb does; a new imposter (put) starts empty. Not persisted: mb keeps it
   * in memory only too, so a restart empties it in both.
   */
  userState: UserState = emptyUserState();
  /**
   * When the imposter last received a request (ms since the epoch), in memory only: the hot path writes
   * nothing for it. Hits served at a front door are stamped when they reach the object (at most FLUSH_MS
   * late, or when a read folds them in). After a restart what the store kept stands in (or the newest
   * journal entry), read once here: asked on every admin read, those queries were a fifth of the edge's time
   * under a dashboard's polling (infra/bench/admin-mixed/).
   */
  #lastRequestAt: number | undefined;

  constructor(storage: DurableObjectStorage, name: string | undefined, journalLimit?: number) {
    this.#store = new ImposterStore(storage, journalLimit);
    this.#pending = new PendingWrites(this.#store, (entries) => this.#feed.publish(entries));
    this.#name = name;
    this.#version = this.#store.version();
    this.#lastRequestAt = this.#store.lastRequestAt();
    const stored = this.#store.load();
    this.#live =
      stored === null
        ? null
        : { ...stored, engine: createEngine(stored.imposter), storedBytes: this.#store.storedBytes() };
    this.#publish();
  }

  #publish(): void {
    if (this.#name !== undefined) publish(this.#name, this.#version, this.#live?.engine ?? null);
  }

  /** The front door's registry hits: folded into the counter, or dropped when the counter restarts. */
  #takeHits(): number {
    return this.#name === undefined ? 0 : takeHits(this.#name);
  }

  #record({ imposter, cursors, numberOfRequests, storedBytes }: Live): ImposterRecord {
    const state = { cursors: { ...cursors }, numberOfRequests, requests: this.#store.requests() };
    return { imposter, version: this.#version, state, overview: this.#overview(imposter), storedBytes };
  }

  #overview(imposter: Imposter): ImposterOverview {
    const last = this.#lastRequestAt;
    return {
      lastRequestAt: last === undefined ? null : new Date(last).toJSON(),
      stubCount: imposter.stubs.length,
    };
  }

  #commit(stored: StoredImposter, fresh: boolean, text?: string): ImposterRecord {
    this.#version += 1;
    const storedBytes = this.#store.save(this.#version, stored, fresh, text);
    this.#live = { ...stored, engine: createEngine(stored.imposter), storedBytes };
    this.#publish();
    this.#feed.publishVersion(this.#version);
    return this.#record(this.#live);
  }

  /** `put` only where there is no imposter yet; null otherwise, and nothing changes. */
  create(imposter: Imposter): ImposterRecord | null {
    return this.#live === null ? this.put(imposter) : null;
  }

  put(imposter: Imposter): ImposterRecord {
    this.#pending.flush();
    this.#takeHits(); // they counted the imposter this one replaces
    this.userState = emptyUserState();
    this.#lastRequestAt = undefined;
    return this.#commit({ imposter, numberOfRequests: 0, cursors: {} }, true);
  }

  read(): ImposterRecord | null {
    this.#pending.flush();
    if (this.#live === null) return null;
    this.#count(this.#takeHits());
    return this.#record(this.#live);
  }

  /**
   * What the list form of GET /imposters and /metrics print: the record without its stubs and journal,
   * which are most of a read's cost (the journal alone may hold thousands of requests).
   */
  summary(): ImposterRecord | null {
    this.#pending.flush();
    if (this.#live === null) return null;
    this.#count(this.#takeHits());
    const { imposter, numberOfRequests, storedBytes } = this.#live;
    const state = { cursors: {}, numberOfRequests, requests: [] };
    const overview = this.#overview(imposter);
    return { imposter: { ...imposter, stubs: [] }, version: this.#version, state, overview, storedBytes };
  }

  /** Counted by SQLite from what is stored, not from memory: the measure the records' `storedBytes` follow. */
  storedBytes(): number {
    return this.#store.storedBytes();
  }

  remove(): ImposterRecord | null {
    const record = this.read();
    if (record === null) return null;
    this.#version += 1;
    this.#store.remove(this.#version);
    this.#live = null;
    this.#publish();
    this.#feed.close();
    return record;
  }

  /**
   * A change to the stubs (see stub-edits.ts): a new version, written, recompiled, published. With
   * `ifVersion`, only if the imposter is still at that version (an `If-Match` from the admin API).
   */
  change(
    edit: (current: StoredImposter) => Result<StoredImposter>,
    ifVersion?: number,
  ): Result<ImposterRecord> {
    this.#pending.flush();
    if (this.#live === null) return fail(NO_SUCH_IMPOSTER);
    if (ifVersion !== undefined && ifVersion !== this.#version)
      return fail(changedSince(ifVersion, this.#version));
    this.#count(this.#takeHits());
    const result = edit(this.#live);
    if (!result.ok) return result;
    // Here, in the object's queue, so no change racing it can take the imposter past the size a whole
    // definition may have (PUT /imposters of its own export would be refused): admin edits and recordings.
    // One already past it (stored before changes were held to it) may still shrink toward it.
    const text = JSON.stringify(result.value.imposter);
    const tooLarge = imposterSizeError(text, DEFAULT_LIMITS);
    if (tooLarge !== undefined && utf8Length(text) > this.#live.storedBytes) return fail(tooLarge);
    return ok(this.#commit(result.value, false, text));
  }

  resetRequests(): Result<ImposterRecord> {
    this.#pending.flush();
    const live = this.#live;
    if (live === null) return fail(NO_SUCH_IMPOSTER);
    this.#takeHits();
    live.numberOfRequests = 0;
    this.#lastRequestAt = undefined; // as stored: the count and its last activity start again together
    this.#version += 1;
    this.#store.resetRequests(this.#version);
    this.#publish();
    this.#feed.publishVersion(this.#version);
    return ok(this.#record(live));
  }

  /**
   * Serves a stateful request: the engine moves cursors and records; what it changed is written. A proxy
   * that answered then saves its answer (proxy/recording.ts) as a change of the stubs, before the next
   * request is served; like mb, a failure to save fails the request.
   */
  async serve(
    request: MbRequest,
    deps: (imposter: Imposter) => EngineDeps = () => ({}),
  ): Promise<ResponseDescription> {
    const live = this.#live;
    if (live === null) return noSuchImposterResponse();
    this.#lastRequestAt = Date.now();
    // A fresh journal array: the engine appends what it records, and only that is written.
    const state: ImposterState = {
      cursors: { ...live.cursors },
      numberOfRequests: live.numberOfRequests,
      requests: [],
    };
    // The engine's imposter, not the stored one: its templates are user functions there (core templates/).
    const seams = deps(live.engine.imposter);
    let result: EngineResult;
    try {
      result = await live.engine.respond(request, state, seams);
    } catch (error) {
      return failed(error);
    } finally {
      // The stub matched even when its response failed (an inject that threw): the journal says which.
      const answered = state.matched !== undefined && state.matched >= 0 ? state.matched : null;
      // The engine counts and records before it resolves (as mb does), so a failed response still counts.
      this.#pending.add(live.cursors, state, answered, this.#lastRequestAt ?? Date.now(), this.#version);
      live.cursors = state.cursors;
      live.numberOfRequests = state.numberOfRequests;
    }
    try {
      const recording = await recordingOf(live, result.stubIndex, request, result.response, seams);
      if (recording !== undefined) this.#saveRecording(recording);
    } catch (error) {
      return failed(error);
    }
    return sent(result.response);
  }

  /** A proxy's saved answer, written, then told to the live stream's listeners (`event: stubs`). */
  #saveRecording({ edit, savedAt, proxyIndex }: Recording): void {
    const changed = this.change(edit);
    // Like mb, a failure to save fails the request; nothing of it is saved.
    if (!changed.ok) throw new MbFailure(...changed.errors);
    const count = changed.value.imposter.stubs.length;
    this.#feed.publishStubs({ at: new Date().toJSON(), stubIndex: savedAt, proxyIndex, count });
  }

  /**
   * The live journal from now on, after `since`'s retained entries when given. A `since` beyond the last
   * sequence number (the object restarted with an empty journal) replays everything retained.
   */
  journal(since: number | undefined): ReadableStream<Uint8Array> | null {
    this.#pending.flush();
    if (this.#live === null) return null;
    const last = this.#store.lastSeq;
    const replay = since === undefined ? [] : this.#store.entriesAfter(since > last ? 0 : since);
    return this.#feed.open(last, replay, this.#version);
  }

  /**
   * The near-miss view of a request against the current stubs (core `explainRequest`), with the imposter's
   * own predicate injector. An error matching would raise comes back as that error. The answer is copied
   * as JSON: request fields the core folded have no prototype, which RPC refuses to carry.
   */
  async explain(request: MbRequest, deps: (imposter: Imposter) => EngineDeps): Promise<Result<Explanation>> {
    const live = this.#live;
    if (live === null) return fail(NO_SUCH_IMPOSTER);
    try {
      const inject = deps(live.imposter).injectPredicate;
      const answer = await explainRequest(live.imposter, request, inject ? { inject } : {});
      return ok(JSON.parse(JSON.stringify(answer)) as Explanation);
    } catch (error) {
      if (error instanceof MbFailure) return failAs(error.kind, ...error.errors);
      throw error;
    }
  }

  /** Resolves once what the requests served so far changed is written (and, by the output gate, durable). */
  written = (): Promise<void> => this.#pending.written();

  /** Also republishes, which is how a registry entry of this isolate is revalidated. */
  snapshot(): Snapshot {
    this.#publish();
    return { version: this.#version, imposter: this.#live?.imposter ?? null };
  }

  /** A snapshot without the definition: the caller takes that version from KV, or asks for the snapshot. */
  head(): Head {
    this.#publish();
    return { version: this.#version, exists: this.#live !== null };
  }

  /** Hits a front door counted: from this isolate's registry when it shares it (true), else `count`. */
  addRequests(count: number, isolate: string): boolean {
    this.#pending.flush();
    const local = isolate === thisIsolate();
    this.#count(local ? this.#takeHits() : count);
    return local;
  }

  #count(served: number): void {
    if (this.#live === null || !(served > 0)) return;
    this.#lastRequestAt = Date.now();
    this.#live.numberOfRequests += served;
    this.#store.setCount(this.#live.numberOfRequests, this.#lastRequestAt);
  }
}
