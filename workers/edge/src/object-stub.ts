import type { Imposter, MbRequest } from "@mockctl/core";
import type { ImposterObjectApi } from "./contract.ts";

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

/** The contract plus what only the front door calls. */
export interface ImposterObjectStub extends ImposterObjectApi {
  snapshot(): Promise<Snapshot>;
  head(): Promise<Head>;
  addRequests(count: number, isolate: string): Promise<boolean>;
}

/**
 * The stub of one imposter's object. Viewed through its interface because Workers' RPC types turn every
 * `unknown` field into `never`, and the Mountebank model (loose objects, `body: unknown`) is full of them.
 */
export function objectFor(env: Env, name: string): ImposterObjectStub {
  return env.IMPOSTERS.getByName(name) as unknown as ImposterObjectStub;
}

/**
 * The core builds query, headers and form without a prototype (so `__proto__` is an ordinary key), and
 * Workers RPC refuses to serialize such objects: the request crosses to the object as plain copies.
 */
export function plainRequest(request: MbRequest): MbRequest {
  const plain: MbRequest = { ...request, query: { ...request.query }, headers: { ...request.headers } };
  if (request.form !== undefined) plain.form = { ...request.form };
  return plain;
}
