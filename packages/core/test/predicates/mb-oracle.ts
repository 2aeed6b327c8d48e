import { createRequire } from "node:module";
import type { MbRequest } from "../../src/schemas/request.ts";
import { testRequest } from "../behaviors/test-request.ts";

/** Mountebank 2.9.1's own predicate evaluator, run beside ours in tests as the oracle. */
export const mb = createRequire(import.meta.url)("mountebank/src/models/predicates.js") as {
  evaluate(predicate: unknown, request: unknown, encoding: string, logger: unknown, state: unknown): unknown;
};

/** A request with Mountebank's empty defaults (no client address), overridden by `fields`. */
export const request = (fields: Partial<MbRequest>): MbRequest =>
  testRequest({ requestFrom: "", ip: "", ...fields });
