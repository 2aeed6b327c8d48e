import { badData, type MbError } from "../errors.ts";
import { PREDICATE_OPERATORS } from "../schemas/operators.ts";
import { walkPredicates } from "./predicate-walk.ts";
import { field, isRecord } from "./values.ts";

const OPERATORS: ReadonlySet<string> = new Set(PREDICATE_OPERATORS);

/**
 * The predicate errors mb's dry run finds before any response is tried: a node that names no operator
 * is `missing predicate` with the node as source (mb gives the same for a string such as "equals").
 * Unlike mb, whose `or` stops at the first predicate the test request satisfies, every node is checked.
 */
export function predicateStructureError(stub: unknown): MbError | undefined {
  const predicates = field(stub, "predicates");
  if (predicates === undefined) return undefined;
  // mb crashes on these, answering only `source`.
  if (!Array.isArray(predicates)) return badData("'predicates' must be an array", JSON.stringify(stub));
  let error: MbError | undefined;
  walkPredicates(predicates, (node) => {
    if (!isRecord(node) || !Object.keys(node).some((key) => OPERATORS.has(key))) {
      error = badData("missing predicate", node);
    }
    return error === undefined;
  });
  return error;
}
