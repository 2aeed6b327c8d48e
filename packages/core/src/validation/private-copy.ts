import { badData, fail, ok, type Result } from "../errors.ts";
import { deeperThan } from "../select/depth.ts";
import { imposterSizeError, type Limits } from "./limits.ts";
import { tryStringify } from "./values.ts";

/**
 * How deep an imposter's definition may nest, counted from the imposter (which is 1). Every walk over a
 * definition (validation, the compiler, the printer, storage and RPC) recurses per level; Mountebank has
 * no limit and its process dies of a stack overflow on a deep enough POST. 400 leaves room for a request
 * body of MAX_BODY_DEPTH (256) in a predicate under 32 levels of `and`/`or`/`not`, and stays well
 * below the depth where workerd's stack ends (above 1,000 in those walks).
 */
export const MAX_DEFINITION_DEPTH = 400;

/** Where the value given to privateCopy sits in an imposter: the imposter itself, its stubs, one stub. */
export type DefinitionPart = "imposter" | "stubs" | "stub";
const LEVELS_ABOVE: Readonly<Record<DefinitionPart, number>> = { imposter: 0, stubs: 1, stub: 2 };

/**
 * A deep copy of an admin body, made by serializing it once: the copy is what validation may change and
 * return (so the caller's value is never mutated and keeps its key order), and the text gives the size
 * checked against `maxImposterBytes`. A value nested deeper than MAX_DEFINITION_DEPTH, or one JSON
 * cannot express (a cycle), is refused here, before any walk could overflow or loop.
 */
export function privateCopy(body: unknown, limits: Limits, part: DefinitionPart): Result<unknown> {
  if (body === undefined) return ok(undefined);
  const max = MAX_DEFINITION_DEPTH - LEVELS_ABOVE[part];
  if (deeperThan(body, max)) {
    return fail(
      badData(`an imposter may be nested at most ${MAX_DEFINITION_DEPTH} levels deep; this one is deeper`),
    );
  }
  const json = tryStringify(body);
  if (json === undefined) return fail(badData("the body cannot be stored as JSON: it has a cycle"));
  const sizeError = imposterSizeError(json, limits);
  return sizeError ? fail(sizeError) : ok(JSON.parse(json) as unknown);
}
