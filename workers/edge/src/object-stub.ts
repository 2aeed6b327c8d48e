import type { FrontDoorObjectApi } from "@mockctl/contract";
import type { MbRequest } from "@mockctl/core";

/**
 * The stub of one imposter's object. Viewed through its interface because Workers' RPC types turn every
 * `unknown` field into `never`, and the Mountebank model (loose objects, `body: unknown`) is full of them.
 */
export function objectFor(env: Env, name: string): FrontDoorObjectApi {
  return env.IMPOSTERS.getByName(name) as unknown as FrontDoorObjectApi;
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
