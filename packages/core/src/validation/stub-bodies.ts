import { badData, badStubIndex, fail, type MbError, ok, type Result } from "../errors.ts";
import type { ImposterDraft } from "../schemas/imposter.ts";
import type { Stub } from "../schemas/response.ts";
import { dropStubNulls } from "./absent-nulls.ts";
import { resolveLimits, stubCountError } from "./limits.ts";
import { privateCopy } from "./private-copy.ts";
import { upcastStub } from "./upcast.ts";
import { type ValidationOptions, validateImposter } from "./validate-imposter.ts";
import { validateStub } from "./validate-stub.ts";
import { field, isRecord } from "./values.ts";

/** PUT /imposters/:id/stubs: `{ stubs: [...] }` replacing every stub. */
export function validateStubsBody(body: unknown, options: ValidationOptions): Result<Stub[]> {
  const stubs = field(body, "stubs");
  if (stubs === undefined) return fail(badData("'stubs' is a required field"));
  if (!Array.isArray(stubs)) return fail(badData("'stubs' must be an array"));
  const limits = resolveLimits(options.limits);
  const countError = stubCountError(stubs.length, limits);
  if (countError) return fail(countError);
  const copy = privateCopy(stubs, limits, "stubs");
  if (!copy.ok) return copy;
  const errors: MbError[] = [];
  const valid: Stub[] = [];
  (copy.value as unknown[]).forEach((stub, index) => {
    dropStubNulls(stub);
    const result = validateStub(upcastStub(stub), { ...options, limits, label: `stubs[${index}]` });
    if (result.ok) valid.push(result.value);
    else errors.push(...result.errors);
  });
  return errors.length > 0 ? fail(...errors) : ok(valid);
}

/**
 * POST /imposters/:id/stubs: `{ index?, stub }` inserting one stub; `index` defaults to the end and must be
 * a number (mb refuses "0"). mb accepts a fractional index and inserts at its integer part; here it is
 * refused with the same message.
 */
export function validateAddStubBody(
  body: unknown,
  stubCount: number,
  options: ValidationOptions,
): Result<{ index: number; stub: Stub }> {
  const given = field(body, "index");
  const index = given === undefined ? stubCount : given;
  const stub = field(body, "stub");
  const errors: MbError[] = [];
  if (typeof index !== "number" || !Number.isInteger(index) || index < 0 || index > stubCount) {
    errors.push(badData("'index' must be between 0 and the length of the stubs array"));
  }
  if (stub === undefined) errors.push(badData("must contain 'stub' field"));
  if (errors.length > 0) return fail(...errors);
  const countError = stubCountError(stubCount + 1, resolveLimits(options.limits));
  if (countError) return fail(countError);
  const result = validateNewStub(stub, options);
  return result.ok ? ok({ index: index as number, stub: result.value }) : result;
}

/**
 * The `:stubIndex` of PUT and DELETE /imposters/:id/stubs/:stubIndex: mb looks the text up as an array
 * key, so only a canonical decimal below the stub count is valid ("00" and "1.0" are not).
 * A failure is of kind `stub index` (mb answers it with 404).
 */
export function parseStubIndex(param: string, stubCount: number): Result<number> {
  const index = /^(0|[1-9]\d*)$/.test(param) ? Number(param) : -1;
  return index >= 0 && index < stubCount ? ok(index) : badStubIndex();
}

/** One stub as a body (PUT /imposters/:id/stubs/:stubIndex), or the `stub` of a POST. */
export function validateNewStub(stub: unknown, options: ValidationOptions): Result<Stub> {
  const limits = resolveLimits(options.limits);
  const copy = privateCopy(stub, limits, "stub");
  if (!copy.ok) return copy;
  dropStubNulls(copy.value);
  return validateStub(upcastStub(copy.value), { ...options, limits, label: "stub" });
}

/**
 * PUT /imposters: `{ imposters: [...] }`. Every imposter is validated (errors concatenated in order)
 * before anything is replaced; a missing or null list means none. Unlike mb, which deletes every
 * imposter and then fails to bind the second one, two imposters with the same port are refused here.
 */
export function validateImpostersBody(body: unknown, options: ValidationOptions): Result<ImposterDraft[]> {
  if (!isRecord(body) || !("imposters" in body)) return fail(badData("'imposters' is a required field"));
  const list = body.imposters || [];
  if (!Array.isArray(list)) return fail(badData("'imposters' must be an array"));
  const errors: MbError[] = [];
  const drafts: ImposterDraft[] = [];
  for (const imposter of list) {
    const result = validateImposter(imposter, options);
    if (result.ok) drafts.push(result.value);
    else errors.push(...result.errors);
  }
  if (errors.length > 0) return fail(...errors);
  const duplicate = duplicatePortError(drafts);
  return duplicate ? fail(duplicate) : ok(drafts);
}

function duplicatePortError(drafts: ImposterDraft[]): MbError | undefined {
  const seen = new Set<number>();
  for (const { port } of drafts) {
    if (port === undefined) continue;
    if (seen.has(port)) return badData(`more than one imposter uses port ${port}`);
    seen.add(port);
  }
  return undefined;
}
