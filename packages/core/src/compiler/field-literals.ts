import { type Constraint, type LiteralRelation, literalConstraint } from "./constraints.ts";
import { type ComparisonOperator, foldCase, type LeafParams } from "./leaf-params.ts";
import { isScalar, safeName } from "./leaf-safety.ts";

const RELATIONS: Partial<Record<ComparisonOperator, LiteralRelation>> = {
  startsWith: "prefix",
  endsWith: "suffix",
  contains: "contains",
};

/**
 * `contains` / `startsWith` / `endsWith` on a flat record of header or query values (issue 12): one
 * literal constraint per name, indexed by the same tries as the path's. Undefined for other operators.
 *
 * Mountebank tests each name with `actual.indexOf(expected)` on the folded value, any element of a
 * repeated name sufficing, and a missing name reads as `''`, which holds no non-empty literal. A number
 * or boolean is searched for by its string form (not lower-cased, like the evaluator's expected side);
 * `endsWith` with one computes its start from an undefined length, so it searches from 0, as `contains`.
 */
export function fieldLiteralConstraints(
  operator: ComparisonOperator,
  field: "headers" | "query",
  /** The expected names and values, names folded as `foldKeys` leaves them. */
  fields: ReadonlyMap<string, unknown>,
  params: LeafParams,
): Constraint[] | undefined {
  const relation = RELATIONS[operator];
  if (relation === undefined) return undefined;
  const { keyFold, valueFold } = params;
  const out: Constraint[] = [];
  for (const [name, expected] of fields) {
    // A nested expectation may throw (fieldMayThrow), so later names prove nothing.
    if (!isScalar(expected)) break;
    const text = typeof expected === "string" && valueFold ? foldCase(expected) : String(expected);
    // An inherited name (`constructor`) reads a member, not a missing value; '' is in every value.
    if (!safeName(name) || text === "") continue;
    const holds = relation === "suffix" && typeof expected !== "string" ? "contains" : relation;
    out.push(literalConstraint(valueFold, [{ relation: holds, text }], { kind: field, name, keyFold }));
  }
  return out;
}
