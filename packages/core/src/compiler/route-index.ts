import type { Predicate } from "../schemas/predicate.ts";
import { analyzeStub } from "./analyze.ts";
import { addToDense, type DenseSet, emptyDense } from "./bitset.ts";
import { buildDimensions } from "./build-dimensions.ts";
import { Candidates } from "./candidates.ts";
import type { Analysis } from "./constraints.ts";
import type { Dimension } from "./slot.ts";

/**
 * The route index of one imposter's stubs (reference/route-index.md): stage 1 narrows the stubs to a
 * superset of those that can match, as the intersection over dimensions of `matched ∪ unconstrained`;
 * the caller runs stage 2, the full predicates, on the candidates in ascending position.
 *
 * Immutable once built, except for a pooled scratch `Candidates` it lends out: a request that finds the
 * pool empty (re-entrancy, or an earlier request suspended on an injected predicate) gets its own.
 */
export class RouteIndex {
  readonly size: number;
  readonly dimensions: readonly Dimension[];
  readonly analyses: readonly Analysis[];
  private readonly all: DenseSet;
  private pool: Candidates | undefined;

  constructor(stubPredicates: ReadonlyArray<readonly Predicate[] | undefined>) {
    this.size = stubPredicates.length;
    this.analyses = stubPredicates.map(analyzeStub);
    this.dimensions = buildDimensions(this.analyses);
    this.all = emptyDense(this.size);
    for (let position = 0; position < this.size; position++) addToDense(this.all, position);
  }

  acquire(): Candidates {
    const pooled = this.pool;
    this.pool = undefined;
    return pooled ?? this.fresh();
  }

  /** A new, unpooled scratch space; `slack` tunes materializing versus probing (see Candidates). */
  fresh(slack?: number): Candidates {
    return new Candidates(this.dimensions, this.all, slack);
  }

  release(candidates: Candidates): void {
    candidates.finish();
    this.pool = candidates;
  }

  /** Dimension ids and how many stubs each constrains; for diagnostics and the benchmark report. */
  describe(): Array<{ id: string; constrained: number }> {
    return this.dimensions.map((d) => ({
      id: d.id,
      constrained: this.size - countBits(d.unconstrained.words),
    }));
  }
}

function countBits(words: Uint32Array): number {
  let count = 0;
  for (let word of words) {
    while (word !== 0) {
      word &= word - 1;
      count++;
    }
  }
  return count;
}
