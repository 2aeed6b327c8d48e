import { MbFailure } from "../errors.ts";
import type { MbRequest } from "../schemas/request.ts";
import type { IsResponse } from "../schemas/response.ts";
import { type BehaviorDeps, INJECTION_NOT_ALLOWED } from "./types.ts";

/**
 * The decorate behavior: the function runs in another isolate behind the `decorate` seam. Mountebank
 * keeps the response it passed when the function returns nothing (it mutated it in place), so a seam
 * that resolves to undefined keeps the current response too.
 */
export async function decorate(
  request: MbRequest,
  response: IsResponse,
  source: string,
  deps: BehaviorDeps,
): Promise<IsResponse> {
  if (!deps.decorate) {
    throw new MbFailure({ code: "invalid injection", message: INJECTION_NOT_ALLOWED, source });
  }
  const result: IsResponse | undefined = await deps.decorate(source, request, response);
  return result || response;
}
