import type { Imposter, MbRequest, ResponseDescription } from "@mockctl/core";
import { createEngine, type ImposterEngine, type ImposterState } from "@mockctl/core";
import type { ImposterRecord, Outcome } from "./contract.ts";
import { failed, NO_SUCH_IMPOSTER, noSuchImposter } from "./errors.ts";
import { ImposterStore, type StoredImposter } from "./imposter-store.ts";
import { publish, takeHits, thisIsolate } from "./registry.ts";
import type { Edit } from "./stub-edits.ts";

/** What is kept in memory between requests: the stored state plus its compiled engine. */
interface Live extends StoredImposter {
  engine: ImposterEngine;
}

/** What the front door needs to serve an imposter itself: no journal, no counters. */
export interface Snapshot {
  version: number;
  imposter: Imposter | null;
}

/**
 * One imposter's state, in storage and in memory, and its publication to this isolate's registry under
 * `name`. Every change is written (synchronously, atomically) before the method returns, then published.
 * Callers run one method at a time (the Durable Object's queue).
 */
export class ImposterKeeper {
  readonly #store: ImposterStore;
  readonly #name: string | undefined;
  #version: number;
  #live: Live | null;

  constructor(storage: DurableObjectStorage, name: string | undefined) {
    this.#store = new ImposterStore(storage);
    this.#name = name;
    this.#version = this.#store.version();
    const stored = this.#store.load();
    this.#live = stored === null ? null : { ...stored, engine: createEngine(stored.imposter) };
    this.#publish();
  }

  #publish(): void {
    if (this.#name !== undefined) publish(this.#name, this.#version, this.#live?.engine ?? null);
  }

  /** The front door's registry hits: folded into the counter, or dropped when the counter restarts. */
  #takeHits(): number {
    return this.#name === undefined ? 0 : takeHits(this.#name);
  }

  #record(live: Live): ImposterRecord {
    const { cursors, numberOfRequests } = live;
    const state: ImposterState = {
      cursors: { ...cursors },
      numberOfRequests,
      requests: this.#store.requests(),
    };
    return { imposter: live.imposter, version: this.#version, state };
  }

  #commit(stored: StoredImposter, fresh: boolean): ImposterRecord {
    this.#version += 1;
    this.#store.save(this.#version, stored, fresh);
    this.#live = { ...stored, engine: createEngine(stored.imposter) };
    this.#publish();
    return this.#record(this.#live);
  }

  put(imposter: Imposter): ImposterRecord {
    this.#takeHits(); // they counted the imposter this one replaces
    return this.#commit({ imposter, numberOfRequests: 0, cursors: {} }, true);
  }

  read(): ImposterRecord | null {
    if (this.#live === null) return null;
    this.#count(this.#takeHits());
    return this.#record(this.#live);
  }

  remove(): ImposterRecord | null {
    const record = this.read();
    if (record === null) return null;
    this.#version += 1;
    this.#store.remove(this.#version);
    this.#live = null;
    this.#publish();
    return record;
  }

  /** A change to the stubs (see stub-edits.ts): a new version, written, recompiled, published. */
  change(edit: (current: StoredImposter) => Edit): Outcome<ImposterRecord> {
    if (this.#live === null) return { ok: false, errors: [NO_SUCH_IMPOSTER] };
    this.#count(this.#takeHits());
    const result = edit(this.#live);
    return result.ok ? { ok: true, value: this.#commit(result.value, false) } : result;
  }

  resetRequests(): Outcome<ImposterRecord> {
    const live = this.#live;
    if (live === null) return { ok: false, errors: [NO_SUCH_IMPOSTER] };
    this.#takeHits();
    live.numberOfRequests = 0;
    this.#version += 1;
    this.#store.resetRequests(this.#version);
    this.#publish();
    return { ok: true, value: this.#record(live) };
  }

  /** Serves a stateful request: the engine moves cursors and records; what it changed is written. */
  async serve(request: MbRequest): Promise<ResponseDescription> {
    const live = this.#live;
    if (live === null) return noSuchImposter();
    // A fresh journal array: the engine appends what it records, and only that is written.
    const state: ImposterState = {
      cursors: { ...live.cursors },
      numberOfRequests: live.numberOfRequests,
      requests: [],
    };
    try {
      return (await live.engine.respond(request, state)).response;
    } catch (error) {
      return failed(error);
    } finally {
      // The engine counts and records before it resolves (as mb does), so a failed response still counts.
      const moved = Object.entries(state.cursors).filter(
        ([stub, cursor]) => live.cursors[Number(stub)] !== cursor,
      );
      live.cursors = state.cursors;
      live.numberOfRequests = state.numberOfRequests;
      this.#store.recordServed(live.numberOfRequests, Object.fromEntries(moved), state.requests);
    }
  }

  /** Also republishes, which is how a registry entry of this isolate is revalidated. */
  snapshot(): Snapshot {
    this.#publish();
    return { version: this.#version, imposter: this.#live?.imposter ?? null };
  }

  /** Hits a front door counted: from this isolate's registry when it shares it (true), else `count`. */
  addRequests(count: number, isolate: string): boolean {
    const local = isolate === thisIsolate();
    this.#count(local ? this.#takeHits() : count);
    return local;
  }

  #count(served: number): void {
    if (this.#live === null || !(served > 0)) return;
    this.#live.numberOfRequests += served;
    this.#store.setCount(this.#live.numberOfRequests);
  }
}
