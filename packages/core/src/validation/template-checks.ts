import { badData, type MbError } from "../errors.ts";
import type { IsResponse } from "../schemas/response.ts";
import { templateProblem } from "../templates/check.ts";
import { TEMPLATE_ENGINES, TEMPLATE_FIELD } from "../templates/response-function.ts";
import { display, field, isRecord } from "./values.ts";

/**
 * An `is` response marked `"_template": "eta"` (ours; see templates/) must name an engine we have, and each
 * of its templates must compile: one that does not is refused when the imposter is saved, with the
 * field, the template line and the reason, instead of failing every request that reaches it.
 */
export function templateError(response: unknown): MbError | undefined {
  const is = field(response, "is");
  const engine = field(is, TEMPLATE_FIELD);
  if (engine === undefined || !isRecord(is)) return undefined;
  if (!(TEMPLATE_ENGINES as readonly unknown[]).includes(engine)) {
    const known = TEMPLATE_ENGINES.map((name) => `"${name}"`).join(", ");
    return badData(
      `'is.${TEMPLATE_FIELD}' must be one of ${known}, not ${JSON.stringify(display(engine))}`,
      response,
    );
  }
  const problem = templateProblem(is as IsResponse);
  if (problem === undefined) return undefined;
  return badData(
    `the template in is.${problem.at} does not compile: line ${problem.line}: ${problem.reason}`,
    response,
  );
}
