import { DurableObject } from "cloudflare:workers";
import {
  type FrontDoorObjectApi,
  type Head,
  type ImposterRecord,
  type LogEntry,
  type Snapshot,
  workspaceOfObject,
} from "@mockctl/contract";
import {
  type Explanation,
  formatTarget,
  type Imposter,
  type MbRequest,
  type ResponseDescription,
  type Result,
  type Stub,
} from "@mockctl/core";
import { userCodeDeps } from "@mockctl/user-code/edge";
import { dataSourceDeps } from "./data-sources.ts";
import { ImposterKeeper } from "./imposter-keeper.ts";
import { journalLimitOf } from "./journal-table.ts";
import { proxyDeps } from "./proxy/forward.ts";
import { loopbackFor } from "./proxy/loopback.ts";
import * as edits from "./stub-edits.ts";
import { UserLog } from "./user-log.ts";

/**
 * One imposter (named objectName(workspace, port)): the authority for its definition, version, cursors, counter
 * and journal, and the server of its stateful requests. Calls run one at a time (a promise chain), so a
 * request that awaits user code or the network cannot interleave with another or with a change: cycling
 * behaves like mb's single thread.
 */
export class ImposterObject extends DurableObject<Env> implements FrontDoorObjectApi {
  readonly #keeper: ImposterKeeper;
  readonly #log: UserLog;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.#keeper = new ImposterKeeper(ctx.storage, ctx.id.name, journalLimitOf(env));
    this.#log = new UserLog(ctx.storage);
  }

  #userCode(imposter: Imposter) {
    return userCodeDeps(
      this.env,
      imposter,
      this.#keeper.userState,
      (lines) => this.#log.append(imposter, lines),
      workspaceOfObject(this.ctx.id.name ?? ""),
    );
  }

  #serial<T>(work: (keeper: ImposterKeeper) => T | Promise<T>): Promise<T> {
    const result = this.#queue.then(() => work(this.#keeper));
    this.#queue = result.catch(() => {});
    return result;
  }

  put(imposter: Imposter): Promise<ImposterRecord> {
    return this.#serial((keeper) => keeper.put(imposter));
  }

  create(imposter: Imposter): Promise<ImposterRecord | null> {
    return this.#serial((keeper) => keeper.create(imposter));
  }

  read(): Promise<ImposterRecord | null> {
    return this.#serial((keeper) => keeper.read());
  }

  summary(): Promise<ImposterRecord | null> {
    return this.#serial((keeper) => keeper.summary());
  }

  storedBytes(): Promise<number> {
    return this.#serial((keeper) => keeper.storedBytes());
  }

  remove(): Promise<ImposterRecord | null> {
    return this.#serial((keeper) => {
      this.#log.clear();
      return keeper.remove();
    });
  }

  replaceStubs(stubs: Stub[], ifVersion?: number): Promise<Result<ImposterRecord>> {
    return this.#serial((keeper) =>
      keeper.change((current) => edits.replaceStubs(current, stubs), ifVersion),
    );
  }

  addStub(stub: Stub, index?: number, ifVersion?: number): Promise<Result<ImposterRecord>> {
    return this.#serial((keeper) =>
      keeper.change((current) => edits.addStub(current, stub, index), ifVersion),
    );
  }

  replaceStub(index: number, stub: Stub, ifVersion?: number): Promise<Result<ImposterRecord>> {
    return this.#serial((keeper) =>
      keeper.change((current) => edits.replaceStub(current, index, stub), ifVersion),
    );
  }

  deleteStub(index: number, ifVersion?: number): Promise<Result<ImposterRecord>> {
    return this.#serial((keeper) => keeper.change((current) => edits.deleteStub(current, index), ifVersion));
  }

  deleteSavedProxyResponses(): Promise<Result<ImposterRecord>> {
    return this.#serial((keeper) => keeper.change(edits.deleteSavedProxyResponses));
  }

  resetRequests(): Promise<Result<ImposterRecord>> {
    return this.#serial((keeper) => keeper.resetRequests());
  }

  /** Answers once the request's changes are written: outside the queue, so later requests join the write. */
  handle(request: MbRequest, target?: string): Promise<ResponseDescription> {
    const served = this.#serial((keeper) =>
      keeper.serve(request, (imposter) => ({
        ...dataSourceDeps(this.env, workspaceOfObject(this.ctx.id.name ?? "")),
        ...proxyDeps(
          this.env,
          target ?? formatTarget(request.path, request.query),
          loopbackFor(this.env, this.ctx, this.ctx.id.name),
        ),
        ...this.#userCode(imposter),
      })),
    );
    return served.then((response) => this.#keeper.written().then(() => response));
  }

  /** The near-miss view of a request (POST /imposters/:id/explain); injected predicates run as in `handle`. */
  explain(request: MbRequest): Promise<Result<Explanation>> {
    return this.#serial((keeper) => keeper.explain(request, (imposter) => this.#userCode(imposter)));
  }

  /** The live journal as server-sent events (GET /imposters/:id/requests/stream), or null for no imposter. */
  journal(since?: number): Promise<ReadableStream<Uint8Array> | null> {
    return this.#serial((keeper) => keeper.journal(since));
  }

  logs(): Promise<LogEntry[]> {
    return this.#serial(() => this.#log.read());
  }

  /** For the front door on a registry miss or revalidation: the definition, without journal or counters. */
  snapshot(): Promise<Snapshot> {
    return this.#serial((keeper) => keeper.snapshot());
  }

  /** For the front door's revalidation: the version only, so the definition need not cross on every one. */
  head(): Promise<Head> {
    return this.#serial((keeper) => keeper.head());
  }

  /** Stateless requests a front door served from its registry, flushed there within FLUSH_MS. */
  addRequests(count: number, isolate: string): Promise<boolean> {
    return this.#serial((keeper) => keeper.addRequests(count, isolate));
  }
}
