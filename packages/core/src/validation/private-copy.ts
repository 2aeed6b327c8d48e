import { badData, fail, ok, type Result } from "../errors.ts";
import { imposterSizeError, type Limits } from "./limits.ts";
import { tryStringify } from "./values.ts";

/**
 * A deep copy of an admin body, made by serializing it once: the copy is what validation may change and
 * return (so the caller's value is never mutated and keeps its key order), and the text gives the size
 * checked against `maxImposterBytes`. A value JSON cannot express (a cycle, nesting deeper than the
 * stack) is refused here, before any walk could loop or overflow.
 */
export function privateCopy(body: unknown, limits: Limits): Result<unknown> {
  if (body === undefined) return ok(undefined);
  const json = tryStringify(body);
  if (json === undefined) {
    return fail(badData("the body cannot be stored as JSON: it has a cycle or is nested too deeply"));
  }
  const sizeError = imposterSizeError(json, limits);
  return sizeError ? fail(sizeError) : ok(JSON.parse(json) as unknown);
}
