import type { Imposter } from "../schemas/imposter.ts";
import type { IsResponse, Stub, StubResponse } from "../schemas/response.ts";
import { TEMPLATE_FIELD, templateFunctionSource } from "./response-function.ts";

/** Whether an `is` response is an eta template (`"_template": "eta"`). */
export const isTemplated = (is: IsResponse | undefined): is is IsResponse =>
  is !== undefined && (is as Record<string, unknown>)[TEMPLATE_FIELD] === "eta";

/**
 * The imposter as the engine runs it: every templated `is` response becomes the `inject` response that
 * renders it (response-function.ts), in the same place with the same behaviors and `repeat`, so it runs
 * where user code runs, with its limits. Stub and response positions are unchanged, and the stored and
 * printed definition stays the one the user wrote. Without templates the imposter itself is returned.
 */
export function expandTemplates(imposter: Imposter): Imposter {
  if (!imposter.stubs.some(hasTemplates)) return imposter;
  const stubs = imposter.stubs.map((stub) =>
    hasTemplates(stub) ? { ...stub, responses: stub.responses.map(expandResponse) } : stub,
  );
  return { ...imposter, stubs };
}

const hasTemplates = (stub: Stub): boolean => stub.responses.some((response) => isTemplated(response.is));

function expandResponse(response: StubResponse): StubResponse {
  if (!isTemplated(response.is)) return response;
  const { is, ...rest } = response;
  return { ...rest, inject: templateFunctionSource(is) };
}
