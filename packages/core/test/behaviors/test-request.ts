import type { MbRequest } from "../../src/schemas/request.ts";

/** A request as the normalizer builds it, for behavior tests. */
export function testRequest(overrides: Partial<MbRequest> = {}): MbRequest {
  return {
    requestFrom: "127.0.0.1:50000",
    method: "GET",
    path: "/",
    query: {},
    headers: {},
    body: "",
    ip: "127.0.0.1",
    ...overrides,
  };
}
