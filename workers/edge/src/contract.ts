import type { Imposter, ImposterState, MbError, MbRequest, ResponseDescription, Stub } from "@mockctl/core";

/** What the imposter Durable Object keeps: its definition, a version bumped on every change, its state. */
export interface ImposterRecord {
  imposter: Imposter;
  version: number;
  state: ImposterState;
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; errors: MbError[] };

/**
 * The RPC surface of the imposter Durable Object (class ImposterObject in workers/edge), called by the admin
 * Worker through its Durable Object binding and by the front door for stateful requests. One object per
 * imposter, named by `${workspace}:${port}`. Every mutation bumps `version` and is visible to the very next
 * request before the call returns.
 */
export interface ImposterObjectApi {
  /** Creates or replaces the imposter (cursors, journal and counters start fresh). */
  put(imposter: Imposter): Promise<ImposterRecord>;
  read(): Promise<ImposterRecord | null>;
  /** `read` without the stubs and the journal (both empty), for listing many imposters cheaply. */
  summary(): Promise<ImposterRecord | null>;
  /** Deletes the imposter and returns what it was, or null when there was none. */
  remove(): Promise<ImposterRecord | null>;
  replaceStubs(stubs: Stub[]): Promise<Outcome<ImposterRecord>>;
  /** Inserts at `index` (appends when undefined); index errors come back as Mountebank's errors. */
  addStub(stub: Stub, index?: number): Promise<Outcome<ImposterRecord>>;
  replaceStub(index: number, stub: Stub): Promise<Outcome<ImposterRecord>>;
  deleteStub(index: number): Promise<Outcome<ImposterRecord>>;
  deleteSavedProxyResponses(): Promise<Outcome<ImposterRecord>>;
  resetRequests(): Promise<Outcome<ImposterRecord>>;
  /**
   * Serves a request that needs serialized state (cycling, repeat, recording, injection state). `target`
   * is the request's raw path and query, which a proxy forwards as sent (rebuilt from the request if absent).
   */
  handle(request: MbRequest, target?: string): Promise<ResponseDescription>;
}
