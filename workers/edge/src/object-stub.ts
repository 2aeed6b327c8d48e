import { type FrontDoorObjectApi, renderErrors, STATUS } from "@mockctl/contract";
import type { MbError, MbRequest, ResponseDescription } from "@mockctl/core";

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

/**
 * The most a request's body may weigh on its way to the object (`maxObjectRequestBytes`). A call carries
 * at most 32 MiB; half of that leaves the object room to answer GET /imposters/:id with the request in its
 * journal beside a full 10 MiB definition, and matches an admin request body's limit.
 */
export const MAX_OBJECT_REQUEST_BYTES = 16 * 1024 * 1024;

// A UTF-16 unit beyond Latin-1: V8 then keeps (and a call serializes) the whole string two bytes a unit.
const BEYOND_LATIN1 = /[\u0100-\uffff]/;

/**
 * What the body weighs as a call serializes it: a byte per unit of Latin-1 text, else two, and all of it
 * twice when `form` repeats it. A body that could not pass the limit even at two bytes a unit is not
 * scanned (the hot path's bodies): its weight is then given at one byte a unit.
 */
export function bodyWeight(request: MbRequest): number {
  const units = request.body.length * (request.form === undefined ? 1 : 2);
  if (units * 2 <= MAX_OBJECT_REQUEST_BYTES) return units;
  return BEYOND_LATIN1.test(request.body) ? units * 2 : units;
}

/**
 * 413 in Mountebank's envelope for a request whose body the object could not be handed (or, near the
 * limit, not answer about): refused before the call, so nothing is counted, recorded or cycled.
 */
export function tooLargeForObject(request: MbRequest): ResponseDescription | undefined {
  const actual = bodyWeight(request);
  if (actual <= MAX_OBJECT_REQUEST_BYTES) return undefined;
  const max = MAX_OBJECT_REQUEST_BYTES;
  const message = `this imposter serves a request whose body weighs at most ${max} bytes on its way to the imposter's object; this one weighs ${actual}`;
  const error: MbError = {
    code: "limit exceeded",
    message,
    data: { limit: "maxObjectRequestBytes", max, actual },
  };
  return {
    statusCode: STATUS["limit exceeded"],
    headers: { "Content-Type": "application/json" },
    body: renderErrors([error]),
  };
}
