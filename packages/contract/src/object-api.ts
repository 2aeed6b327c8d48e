import type {
  Explanation,
  Imposter,
  ImposterState,
  MbRequest,
  ResponseDescription,
  Result,
  Stub,
} from "@mockctl/core";

/**
 * Ours, not Mountebank's, for the dashboard's list (`GET /imposters?overview=true`): when the imposter last
 * received a request (an ISO time, null when it never did, as far as this object knows) and how many stubs
 * it has (the summary leaves the stubs out).
 */
export interface ImposterOverview {
  lastRequestAt: string | null;
  stubCount: number;
}

/** One line of GET /logs, in Mountebank's shape (its JSON log file's fields). */
export interface LogEntry {
  level: string;
  message: string;
  /** ISO 8601. */
  timestamp: string;
}

/** What the imposter Durable Object keeps: its definition, a version bumped on every change, its state. */
export interface ImposterRecord {
  imposter: Imposter;
  version: number;
  state: ImposterState;
  /** Filled by `read` and `summary`; never printed in Mountebank's forms. */
  overview?: ImposterOverview;
  /**
   * What `storedBytes()` would answer, filled by every answer of the object: the catalog's size after a
   * change comes from here, so the admin Worker need not serialize the imposter again to learn it.
   */
  storedBytes?: number;
}

/**
 * The RPC surface of the imposter Durable Object (class ImposterObject in workers/edge), called by the admin
 * Worker through its Durable Object binding and by the front door for stateful requests. One object per
 * imposter, named by objectName(workspace, port). Every mutation bumps `version` and is visible to the very
 * next request before the call returns. Refusals come back as a Result (its `kind` picks the status).
 */
export interface ImposterObjectApi {
  /** Creates or replaces the imposter (cursors, journal and counters start fresh). */
  put(imposter: Imposter): Promise<ImposterRecord>;
  /**
   * Creates the imposter unless the object holds one already (then null, and nothing changes): of two
   * creates of one port that both passed the catalog, only the first stored is kept.
   */
  create(imposter: Imposter): Promise<ImposterRecord | null>;
  read(): Promise<ImposterRecord | null>;
  /** `read` without the stubs and the journal (both empty), for listing many imposters cheaply. */
  summary(): Promise<ImposterRecord | null>;
  /** The bytes its definition takes as stored (UTF-8 JSON), 0 when there is none: a workspace's limit. */
  storedBytes(): Promise<number>;
  /** Deletes the imposter and returns what it was, or null when there was none. */
  remove(): Promise<ImposterRecord | null>;
  /**
   * The stub changes. With `ifVersion`, each happens only if the imposter is still at that version (the
   * admin API's `If-Match`), and otherwise fails with `precondition failed`, changing nothing.
   */
  replaceStubs(stubs: Stub[], ifVersion?: number): Promise<Result<ImposterRecord>>;
  /** Inserts at `index` (appends when undefined); index errors come back as Mountebank's errors. */
  addStub(stub: Stub, index?: number, ifVersion?: number): Promise<Result<ImposterRecord>>;
  replaceStub(index: number, stub: Stub, ifVersion?: number): Promise<Result<ImposterRecord>>;
  deleteStub(index: number, ifVersion?: number): Promise<Result<ImposterRecord>>;
  deleteSavedProxyResponses(): Promise<Result<ImposterRecord>>;
  resetRequests(): Promise<Result<ImposterRecord>>;
  /**
   * Serves a request that needs serialized state (cycling, repeat, recording, injection state). `target`
   * is the request's raw path and query, which a proxy forwards as sent (rebuilt from the request if absent).
   */
  handle(request: MbRequest, target?: string): Promise<ResponseDescription>;
  /** Which stub would answer `request` and the closest stubs' first failing predicates (journal-api.ts). */
  explain(request: MbRequest): Promise<Result<Explanation>>;
  /**
   * The live journal as server-sent event bytes (journal-api.ts): `hello`, the retained entries after
   * `since` when given, then each request as it is recorded; ends when the imposter is deleted. Null when
   * there is no imposter.
   */
  journal(since?: number): Promise<ReadableStream<Uint8Array> | null>;
  /** What the imposter's user functions logged (the newest USER_LOG_CAP lines), oldest first. */
  logs(): Promise<LogEntry[]>;
}

/** What the front door needs to serve an imposter itself: no journal, no counters. */
export interface Snapshot {
  version: number;
  imposter: Imposter | null;
}

/** The object's current version and whether an imposter exists at it: a revalidation's question. */
export interface Head {
  version: number;
  exists: boolean;
}

/** The admin's surface plus what only the front door calls. */
export interface FrontDoorObjectApi extends ImposterObjectApi {
  snapshot(): Promise<Snapshot>;
  head(): Promise<Head>;
  /** Stateless requests a front door served from its registry, flushed there in groups. */
  addRequests(count: number, isolate: string): Promise<boolean>;
}
