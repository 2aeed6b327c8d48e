import { type MbError, MbFailure } from "../errors.ts";
import type { Predicate } from "../schemas/predicate.ts";
import { errorMessage } from "./fold.ts";
import type { CompiledPredicate } from "./types.ts";

const NOT_ALLOWED = "JavaScript injection is not allowed unless mb is run with the --allowInjection flag";

/**
 * `inject`: the seam to user code. The platform's PredicateInjector runs the function (in another
 * isolate) and answers its truthiness, possibly as a Promise. Mountebank's dry run (a request with
 * `isDryRun: true`) answers true without running anything. A failure of the function becomes
 * Mountebank's `invalid predicate injection` error; with no injector at all, injection is not allowed.
 */
export function compileInject(predicate: Predicate): CompiledPredicate {
  const source = String(predicate.inject);
  // What Mountebank evaluates, and reports as the error source.
  const invocation = `(${source})(config, logger, imposterState);`;
  const wrap = (error: unknown): MbFailure =>
    error instanceof MbFailure ? error : new MbFailure(injectionError(invocation, errorMessage(error)));

  return (view, inject) => {
    if ((view.request as { isDryRun?: unknown }).isDryRun === true) return true;
    if (inject === undefined)
      throw new MbFailure({ code: "invalid injection", message: NOT_ALLOWED, source });
    let result: unknown;
    try {
      result = inject(source, view.request);
    } catch (error) {
      throw wrap(error);
    }
    // Any thenable (an RPC answer need not be a native Promise) is adopted into a real one, so callers
    // can tell the asynchronous case by `typeof result !== "boolean"`.
    if (typeof (result as { then?: unknown } | null)?.then === "function") {
      return Promise.resolve(result).then(Boolean, (error: unknown) => {
        throw wrap(error);
      });
    }
    return Boolean(result);
  };
}

function injectionError(source: string, data: string): MbError {
  return { code: "invalid injection", message: "invalid predicate injection", source, data };
}
