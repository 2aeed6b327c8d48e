import { DurableObject } from "cloudflare:workers";
import { type ImposterObjectApi, type ImposterRecord, NO_SUCH_IMPOSTER } from "@mockctl/contract";
import type { Imposter, MbRequest, ResponseDescription, Result, Stub } from "@mockctl/core";
import { badStubIndex, fail } from "@mockctl/core";

const KEY = "record";
const indexError = (): Result<ImposterRecord> => badStubIndex();
const missing = (): Result<ImposterRecord> => fail(NO_SUCH_IMPOSTER);

/**
 * A test-only stand-in for mockctl-edge's ImposterObject, bound in wrangler.test.jsonc under the same class
 * name: it keeps the contract's record in storage and does just enough of `handle` to count and record
 * requests. The real object is tested in workers/edge.
 */
export class ImposterObject extends DurableObject implements ImposterObjectApi {
  read(): Promise<ImposterRecord | null> {
    return this.ctx.storage.get<ImposterRecord>(KEY).then((record) => record ?? null);
  }

  async summary(): Promise<ImposterRecord | null> {
    const record = await this.read();
    if (record === null) return null;
    const state = { ...record.state, requests: [] };
    return { ...record, imposter: { ...record.imposter, stubs: [] }, state };
  }

  /** Like the real object's, the version survives deletion, so a version never names two definitions. */
  private async nextVersion(): Promise<number> {
    const version = ((await this.ctx.storage.get<number>("version")) ?? 0) + 1;
    await this.ctx.storage.put("version", version);
    return version;
  }

  async put(imposter: Imposter): Promise<ImposterRecord> {
    const version = await this.nextVersion();
    const record = { imposter, version, state: { cursors: {}, numberOfRequests: 0, requests: [] } };
    await this.ctx.storage.put(KEY, record);
    return record;
  }

  async remove(): Promise<ImposterRecord | null> {
    const record = await this.read();
    if (record === null) return null;
    await this.nextVersion();
    await this.ctx.storage.delete(KEY);
    return record;
  }

  private async change(edit: (record: ImposterRecord) => boolean): Promise<Result<ImposterRecord>> {
    const record = await this.read();
    if (record === null) return missing();
    if (!edit(record)) return indexError();
    record.version = await this.nextVersion();
    await this.ctx.storage.put(KEY, record);
    return { ok: true, value: record };
  }

  private editStubs(edit: (stubs: Stub[]) => boolean) {
    return this.change((record) => edit(record.imposter.stubs));
  }

  replaceStubs(stubs: Stub[]) {
    return this.change((record) => {
      record.imposter.stubs = stubs;
      record.state.cursors = {};
      return true;
    });
  }

  addStub(stub: Stub, index?: number) {
    return this.editStubs((stubs) => {
      const at = index ?? stubs.length;
      if (at < 0 || at > stubs.length) return false;
      stubs.splice(at, 0, stub);
      return true;
    });
  }

  replaceStub(index: number, stub: Stub) {
    return this.editStubs((stubs) => index in stubs && stubs.splice(index, 1, stub).length === 1);
  }

  deleteStub(index: number) {
    return this.editStubs((stubs) => index in stubs && stubs.splice(index, 1).length === 1);
  }

  deleteSavedProxyResponses() {
    return this.change((record) => {
      const recorded = (r: Stub["responses"][number]) => typeof r.is?._proxyResponseTime === "number";
      const stubs = record.imposter.stubs.map((stub) => ({
        ...stub,
        responses: stub.responses.filter((r) => !recorded(r)),
      }));
      record.imposter.stubs = stubs.filter((stub) => stub.responses.length > 0);
      return true;
    });
  }

  resetRequests() {
    return this.change((record) => {
      record.state.numberOfRequests = 0;
      record.state.requests = [];
      return true;
    });
  }

  async handle(request: MbRequest): Promise<ResponseDescription> {
    await this.change((record) => {
      record.state.numberOfRequests += 1;
      if (record.imposter.recordRequests) record.state.requests.push(request);
      return true;
    });
    return { statusCode: 200, headers: {}, body: "" };
  }
}
