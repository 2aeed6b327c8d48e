import {
  type Analysis,
  type AnyConstraint,
  anyConstraint,
  type Constraint,
  type EqConstraint,
  type LiteralConstraint,
} from "./constraints.ts";

type Single = EqConstraint | LiteralConstraint;

/** An OR over more dimensions than this is left unindexed: each one costs every request a lookup. */
export const MAX_ALTERNATIVES = 8;

/**
 * An OR whose branches constrain different dimensions (issue 12: `or: [contains x-tenant, contains
 * x-team]`): the stub can match only when some branch's constraint holds. Mountebank's `or` runs its
 * branches in order and stops at the first true one, so when every branch's constraint fails, every
 * branch evaluates to false without throwing and without running user code (the constraint's promise),
 * and so does the OR. This holds whether or not a branch is safe; a branch without any constraint
 * gives nothing. One constraint per branch (the likeliest to be selective) is enough for soundness;
 * nested ORs are flattened, and alternatives on one dimension are unioned with `either`.
 */
export function disjunction(
  branches: readonly Analysis[],
  either: (a: Constraint, b: Constraint) => Constraint,
): AnyConstraint | undefined {
  if (branches.length === 0) return undefined;
  const chosen: Constraint[] = [];
  for (const branch of branches) {
    const best = representative(branch);
    if (best === undefined) return undefined;
    chosen.push(best);
  }
  const merged = mergeAlternatives(chosen, either);
  return merged !== undefined && merged.length > 1 ? anyConstraint(merged) : undefined;
}

/** Two ORs over the same dimensions (a common constraint of an outer OR): either may hold. */
export function eitherAny(
  a: AnyConstraint,
  b: AnyConstraint,
  either: (a: Constraint, b: Constraint) => Constraint,
): AnyConstraint {
  // Same dimension ids on both sides, so the merge has as many alternatives as `a`.
  return anyConstraint(mergeAlternatives([a, b], either)!);
}

/** Flattens ORs and unions alternatives per dimension id; undefined past MAX_ALTERNATIVES dimensions. */
function mergeAlternatives(
  constraints: readonly Constraint[],
  either: (a: Constraint, b: Constraint) => Constraint,
): Single[] | undefined {
  const byId = new Map<string, Single>();
  for (const c of constraints) {
    for (const single of c.type === "any" ? c.alternatives : [c]) {
      const existing = byId.get(single.id);
      byId.set(single.id, existing === undefined ? single : (either(existing, single) as Single));
    }
  }
  return byId.size > MAX_ALTERNATIVES ? undefined : [...byId.values()];
}

/**
 * The branch constraint to index: the method is shared by most stubs of an imposter and the path
 * literal often too, so a header, query, exact path or body key is preferred; the first one wins ties.
 */
function representative(branch: Analysis): Constraint | undefined {
  let best: Constraint | undefined;
  let bestRank = -1;
  for (const c of branch.constraints.values()) {
    const rank = rankOf(c);
    if (rank > bestRank) {
      best = c;
      bestRank = rank;
    }
  }
  return best;
}

function rankOf(c: Constraint): number {
  if (c.type === "eq") return c.spec.kind === "method" ? 0 : 2;
  if (c.type === "literal") return c.target === undefined ? 1 : 2;
  return 1;
}
