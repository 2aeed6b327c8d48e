import { PREDICATE_OPERATORS } from "../schemas/operators.ts";
import type { Predicate } from "../schemas/predicate.ts";
import { analyzeLeaf } from "./analyze-leaf.ts";
import {
  type Analysis,
  type Constraint,
  type EqConstraint,
  eqConstraint,
  type LiteralConstraint,
  literalConstraint,
  NOTHING_KNOWN,
} from "./constraints.ts";
import { disjunction, eitherAny } from "./disjunction.ts";
import { isPlainObject } from "./leaf-safety.ts";

/**
 * Derives, for one stub, necessary conditions the route index can look up. Every constraint returned
 * comes with a guarantee: if the request fails it, the stub's predicates evaluate to false without
 * throwing and without running injected code, so skipping the stub is invisible. That is why an AND
 * stops collecting after its first predicate that might throw: a later constraint failing would not
 * prove the earlier predicate returns false rather than throws.
 */
export function analyzeStub(predicates: readonly Predicate[] | undefined): Analysis {
  return analyzeAll(predicates ?? []);
}

export function analyzePredicate(p: Predicate): Analysis {
  if (!isPlainObject(p)) return NOTHING_KNOWN;
  // Mountebank takes the first key naming an operator; with several, which one wins is a detail the
  // evaluator might not share, so such predicates are left alone.
  const operators = Object.keys(p).filter((k) => (PREDICATE_OPERATORS as readonly string[]).includes(k));
  if (operators.length !== 1) return NOTHING_KNOWN;
  const operator = operators[0] as (typeof PREDICATE_OPERATORS)[number];
  switch (operator) {
    case "and":
      return Array.isArray(p.and) ? analyzeAll(p.and) : NOTHING_KNOWN;
    case "or":
      return Array.isArray(p.or) ? analyzeAny(p.or) : NOTHING_KNOWN;
    case "not":
      return { constraints: new Map(), safe: isPlainObject(p.not) && analyzePredicate(p.not).safe };
    case "inject":
      return NOTHING_KNOWN;
    default:
      return analyzeLeaf(p, operator);
  }
}

function analyzeAll(predicates: readonly Predicate[]): Analysis {
  const constraints = new Map<string, Constraint>();
  for (const p of predicates) {
    const analysis = analyzePredicate(p);
    for (const c of analysis.constraints.values()) {
      const existing = constraints.get(c.id);
      constraints.set(c.id, existing === undefined ? c : both(existing, c));
    }
    if (!analysis.safe) return { constraints, safe: false };
  }
  return { constraints, safe: true };
}

/**
 * An OR fails when every branch fails: a dimension every branch constrains accepts any branch's keys,
 * and the dimensions the branches constrain, taken together, accept any branch's constraint.
 */
function analyzeAny(predicates: readonly Predicate[]): Analysis {
  const branches = predicates.map(analyzePredicate);
  const safe = branches.every((b) => b.safe);
  const [first, ...rest] = branches;
  const constraints = new Map<string, Constraint>();
  if (first === undefined) return { constraints, safe };
  for (const [id, c] of first.constraints) {
    let union: Constraint | undefined = c;
    for (const branch of rest) {
      const other = branch.constraints.get(id);
      union = union === undefined || other === undefined ? undefined : either(union, other);
    }
    if (union !== undefined) constraints.set(id, union);
  }
  // Branches keyed on different dimensions (a shared method aside): an OR across them (disjunction.ts).
  const any = disjunction(branches, either);
  if (any !== undefined) constraints.set(any.id, any);
  return { constraints, safe };
}

// A repeated header or query key, a JSON array field or a multi-node selection gives the request several
// keys on one dimension, and a predicate holds when any of them equals: `?q=a&q=b` meets both `q=a` and
// `q=b`. Two conditions there may hold through different keys, so they cannot be intersected.
const MULTI_VALUED: ReadonlySet<string> = new Set([
  "headers",
  "query",
  "bodyField",
  "bodyPath",
  "jsonpath",
  "xpath",
  "xpathAttribute",
]);

/**
 * Two necessary conditions on one dimension: equality keys intersect where the request has one key (on
 * several keys, the narrower condition alone stays necessary); for literals keep the longer.
 */
function both(a: Constraint, b: Constraint): Constraint {
  if (a.type === "eq" && b.type === "eq") {
    if (MULTI_VALUED.has(a.spec.kind)) return b.keys.length < a.keys.length ? b : a;
    return eqConstraint(
      a.spec,
      a.keys.filter((k) => b.keys.includes(k)),
    );
  }
  if (a.type === "literal" && b.type === "literal") return shortest(a) >= shortest(b) ? a : b;
  return a;
}

function either(a: Constraint, b: Constraint): Constraint {
  if (a.type === "eq" && b.type === "eq") return eqConstraint(a.spec, [...new Set([...a.keys, ...b.keys])]);
  if (a.type === "any" && b.type === "any") return eitherAny(a, b, either);
  const la = a as LiteralConstraint;
  const lb = b as LiteralConstraint;
  return literalConstraint(la.fold, [...la.alternatives, ...lb.alternatives], la.target);
}

const shortest = (c: LiteralConstraint): number => Math.min(...c.alternatives.map((a) => a.text.length));

export type { EqConstraint, LiteralConstraint };
