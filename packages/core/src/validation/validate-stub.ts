import { badData, fail, type MbError, type Result } from "../errors.ts";
import { type Stub, StubSchema } from "../schemas/response.ts";
import { behaviorErrors } from "./behaviors-validator.ts";
import { conform } from "./conform.ts";
import { dryRunStub } from "./dry-run.ts";
import { stubInjectionErrors } from "./injection-gate.ts";
import { type Limits, stubLimitError } from "./limits.ts";
import { predicateStructureError } from "./predicate-checks.ts";
import { proxyError, repeatError, responseTypeError } from "./response-checks.ts";
import { templateError } from "./template-checks.ts";
import { field } from "./values.ts";

export interface StubCheckOptions {
  allowInjection: boolean;
  limits: Limits;
  /** Where the stub sits, for messages: `stubs[3]` in an imposter, `stub` in a stub endpoint's body. */
  label: string;
}

/**
 * Validates one upcast stub the way mb 2.9.1's `dryRunValidator.errorsForStub` does, in its order:
 * a non-empty `responses` array; then the injection gate, then each response's behaviors and `repeat`,
 * all reported together; only when those pass, the dry-run stage, which reports its first error only:
 * predicate structure, each response's type and proxy, the schema, and compiling everything.
 * `stub` must be the caller's private copy: on success it is returned as the typed stub.
 */
export function validateStub(stub: unknown, options: StubCheckOptions): Result<Stub> {
  const responses = field(stub, "responses");
  if (!Array.isArray(responses) || responses.length === 0) {
    return fail(badData("'responses' must be a non-empty array", stub));
  }
  const limitError = stubLimitError(stub, options.limits);
  if (limitError) return fail(limitError);

  const errors = stubInjectionErrors(stub, options.allowInjection);
  for (const response of responses) {
    errors.push(...behaviorErrors(field(response, "behaviors"), response));
    const repeat = repeatError(response);
    if (repeat) errors.push(repeat);
  }
  if (errors.length > 0) return fail(...errors);

  const dryRunError = structureError(stub, responses);
  if (dryRunError) return fail(dryRunError);
  const conformed = conform(StubSchema, stub, options.label, () => JSON.stringify(stub));
  if (!conformed.ok) return conformed;
  const compileError = dryRunStub(conformed.value);
  if (compileError) return fail(compileError);
  // A stub copied from mb's output carries `_links`, which describe where it was, not what it is.
  delete conformed.value._links;
  return conformed;
}

function structureError(stub: unknown, responses: unknown[]): MbError | undefined {
  const predicateError = predicateStructureError(stub);
  if (predicateError) return predicateError;
  for (const response of responses) {
    const error = responseTypeError(response) ?? proxyError(response, stub) ?? templateError(response);
    if (error) return error;
  }
  return undefined;
}
