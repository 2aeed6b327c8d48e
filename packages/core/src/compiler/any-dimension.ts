import { type DenseSet, nonZeroWords } from "./bitset.ts";
import { type Analysis, anyId, type EqConstraint, type LiteralConstraint } from "./constraints.ts";
import type { RequestScan } from "./request-scan.ts";
import type { Dimension, Slot } from "./slot.ts";

/** The stubs that constrain one OR across dimensions, with the alternatives each one accepts. */
export interface AnyDraft {
  readonly type: "any";
  readonly stubs: Array<{ position: number; alternatives: readonly (EqConstraint | LiteralConstraint)[] }>;
  readonly constrained: number[];
}

const NONE: Analysis = { constraints: new Map(), safe: true };

/**
 * The per-stub analyses the branch dimensions are built from: each constrained stub's alternatives as
 * if they were its only constraints. A branch dimension's own `unconstrained` set is never read.
 */
export function branchAnalyses(draft: AnyDraft, size: number): Analysis[] {
  const analyses: Analysis[] = new Array<Analysis>(size).fill(NONE);
  for (const { position, alternatives } of draft.stubs) {
    analyses[position] = { constraints: new Map(alternatives.map((c) => [c.id, c])), safe: true };
  }
  return analyses;
}

/**
 * An OR across dimensions (disjunction.ts), keyed by the set of its branch dimension ids. The Slot
 * already unions whatever is added to it, so `collect` runs every branch dimension into the same slot:
 * a stub is matched when the request meets any of its alternatives. A branch dimension that cannot
 * judge the request makes the whole OR unable to judge it (its stubs stay candidates).
 */
export class AnyDimension implements Dimension {
  readonly id: string;
  readonly cost: number;
  readonly unconstrainedWords: number;

  constructor(
    private readonly branches: readonly Dimension[],
    readonly unconstrained: DenseSet,
  ) {
    this.id = anyId(branches.map((b) => b.id));
    this.cost = Math.max(...branches.map((b) => b.cost));
    this.unconstrainedWords = nonZeroWords(unconstrained);
  }

  collect(scan: RequestScan, slot: Slot): boolean {
    for (const branch of this.branches) if (!branch.collect(scan, slot)) return false;
    return true;
  }
}
