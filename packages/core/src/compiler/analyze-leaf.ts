import type { Predicate } from "../schemas/predicate.ts";
import { type ExpectedFold, nestedBodyConstraints } from "./body-path.ts";
import {
  type Analysis,
  type Constraint,
  eqConstraint,
  type LiteralRelation,
  literalConstraint,
  NOTHING_KNOWN,
} from "./constraints.ts";
import { expectedBodyKey } from "./deep-body.ts";
import { fieldLiteralConstraints } from "./field-literals.ts";
import {
  type ComparisonOperator,
  compiles,
  foldCase,
  type LeafParams,
  readLeafParams,
} from "./leaf-params.ts";
import { fieldMayThrow, isPlainObject, isScalar, safeBodyField, safeName, xpathRuns } from "./leaf-safety.ts";
import { requiredLiteral } from "./regex-literal.ts";
import { existsAttributeConstraint } from "./xpath-attribute.ts";

/** Analyzes one comparison predicate (`equals`, `deepEquals`, `contains`, …) with its parameters. */
export function analyzeLeaf(p: Predicate, operator: ComparisonOperator): Analysis {
  const params = readLeafParams(p, operator);
  const fields: unknown = p[operator];
  if (params === undefined || !isPlainObject(fields)) return NOTHING_KNOWN;
  if (params.xpath !== undefined && !xpathRuns(params.xpath.selector, params.xpath.ns)) return NOTHING_KNOWN;
  const constraints = new Map<string, Constraint>();
  // Fields are evaluated in this order and the first false one ends the predicate, so a field's
  // constraint is trustworthy only while no earlier field could have thrown instead.
  for (const [field, value] of foldKeys(fields, params.keyFold)) {
    if (!params.hasExcept) {
      for (const c of fieldConstraints(operator, field, value, params)) constraints.set(c.id, c);
    }
    if (fieldMayThrow(operator, field, value, params)) return { constraints, safe: false };
  }
  return { constraints, safe: true };
}

/** Field names as Mountebank's normalize leaves them: lower-cased when folding, the last duplicate wins. */
export function foldKeys(fields: Record<string, unknown>, keyFold: boolean): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const key of Object.keys(fields)) out.set(keyFold ? foldCase(key) : key, fields[key]);
  return out;
}

/** The key `equals` compares: strings folded when not case-sensitive, other scalars by String(). */
const equalsKey = (value: string | number | boolean, fold: boolean): string =>
  typeof value === "string" && fold ? foldCase(value) : String(value);

/** deepEquals forces scalars to strings first, then folds them. */
const deepKey = (value: string | number | boolean, fold: boolean): string =>
  fold ? foldCase(String(value)) : String(value);

function fieldConstraints(
  operator: ComparisonOperator,
  field: string,
  value: unknown,
  params: LeafParams,
): Constraint[] {
  if (field === "headers" || field === "query" || field === "body") {
    if (operator === "equals" && isPlainObject(value) && params.jsonpath === undefined && !params.xpath) {
      return objectFieldConstraints(field, value, params);
    }
  }
  const selects = params.jsonpath !== undefined || params.xpath !== undefined;
  if ((field === "headers" || field === "query") && isPlainObject(value) && !selects) {
    const literals = fieldLiteralConstraints(operator, field, foldKeys(value, params.keyFold), params);
    if (literals !== undefined) return literals;
  }
  const one = fieldConstraint(operator, field, value, params);
  return one === undefined ? [] : [one];
}

function fieldConstraint(
  operator: ComparisonOperator,
  field: string,
  value: unknown,
  params: LeafParams,
): Constraint | undefined {
  const fold = params.valueFold;
  if (operator === "equals" || operator === "deepEquals") {
    const key = operator === "equals" ? equalsKey : deepKey;
    if (params.jsonpath !== undefined || params.xpath !== undefined) {
      return field === "body" && isScalar(value) && params.keyFold && fold
        ? selectionConstraint(params, key(value, true))
        : undefined;
    }
    if ((field === "method" || field === "path" || field === "body") && isScalar(value)) {
      return eqConstraint({ kind: field, fold }, [key(value, fold)]);
    }
    const shape =
      operator === "deepEquals" && field === "body" && params.keyFold && fold
        ? expectedBodyKey(value)
        : undefined;
    return shape === undefined ? undefined : eqConstraint({ kind: "bodyShape" }, [shape]);
  }
  if (operator === "exists" && params.xpath !== undefined)
    return existsAttributeConstraint(field, value, params);
  if (params.jsonpath !== undefined || params.xpath !== undefined || field !== "path") return undefined;
  if (operator === "matches") return regexConstraint(value, params.caseSensitive);
  const relation = RELATIONS[operator];
  if (relation === undefined || typeof value !== "string" || value === "") return undefined;
  return literalConstraint(fold, [{ relation, text: fold ? foldCase(value) : value }]);
}

const RELATIONS: Partial<Record<ComparisonOperator, LiteralRelation>> = {
  startsWith: "prefix",
  endsWith: "suffix",
  contains: "contains",
};

function selectionConstraint(params: LeafParams, key: string): Constraint | undefined {
  if (params.jsonpath !== undefined)
    return eqConstraint({ kind: "jsonpath", selector: params.jsonpath }, [key]);
  if (params.xpath !== undefined) return eqConstraint({ kind: "xpath", ...params.xpath }, [key]);
  return undefined;
}

/** `equals` on an object field: each scalar header or query name, or each scalar top-level body field. */
function objectFieldConstraints(
  field: "headers" | "query" | "body",
  value: Record<string, unknown>,
  params: LeafParams,
): Constraint[] {
  const out: Constraint[] = [];
  const { keyFold, valueFold } = params;
  for (const [name, expected] of foldKeys(value, keyFold)) {
    if (field === "body" && keyFold && valueFold && isPlainObject(expected)) {
      if (!nestedBodyConstraints([name], expected, DEFAULT_EXPECTED, out)) break;
      continue;
    }
    // A non-scalar expectation may throw (see fieldMayThrow), so later names prove nothing.
    if (!isScalar(expected)) break;
    const key = equalsKey(expected, valueFold);
    if (field !== "body" && safeName(name)) {
      out.push(eqConstraint({ kind: field, name, keyFold, fold: valueFold }, [key]));
    } else if (field === "body" && keyFold && valueFold && safeBodyField(name)) {
      out.push(eqConstraint({ kind: "bodyField", name }, [key]));
    }
  }
  return out;
}

/** The default folds, as `equals` on a body object compares its nested leaves (body-path.ts). */
const DEFAULT_EXPECTED: ExpectedFold = {
  names: (fields) => foldKeys(fields, true),
  key: (value) => equalsKey(value, true),
};

/** `matches` on the path: a required literal of the regex; an anchored whole-literal regex is an exact path. */
function regexConstraint(value: unknown, caseSensitive: boolean): Constraint | undefined {
  if (typeof value !== "string" || !compiles(value, caseSensitive ? "" : "i")) return undefined;
  const literal = requiredLiteral(value);
  if (literal === undefined) return undefined;
  // The literal is ASCII, so lower-casing it agrees with how the `i` flag compares it.
  const text = caseSensitive ? literal.text : foldCase(literal.text);
  const fold = !caseSensitive;
  if (literal.atStart && literal.atEnd) return eqConstraint({ kind: "path", fold }, [text]);
  const relation = literal.atStart ? "prefix" : literal.atEnd ? "suffix" : "contains";
  return literalConstraint(fold, [{ relation, text }]);
}
