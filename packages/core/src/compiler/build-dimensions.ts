import { AnyDimension, type AnyDraft, branchAnalyses } from "./any-dimension.ts";
import { addToDense, type DenseSet, emptyDense, type SparseSet, sparseFrom } from "./bitset.ts";
import type { Analysis, EqSpec, FieldTarget, LiteralAlternative } from "./constraints.ts";
import { EqDimension } from "./eq-dimension.ts";
import { LiteralDimension } from "./literal-dimension.ts";
import type { Dimension } from "./slot.ts";

/**
 * Every dimension costs each request a pass over the summary words, so an imposter that constrains
 * thousands of distinct header names keeps only the dimensions that constrain the most stubs. Dropping
 * a dimension is always sound: it only stops excluding stubs.
 */
export const MAX_DIMENSIONS = 48;

interface EqDraft {
  readonly type: "eq";
  readonly spec: EqSpec;
  readonly byKey: Map<string, number[]>;
  readonly constrained: number[];
}

interface LiteralDraft {
  readonly type: "literal";
  readonly fold: boolean;
  readonly target: FieldTarget | undefined;
  readonly stubs: Array<{ position: number; alternatives: readonly LiteralAlternative[] }>;
  readonly constrained: number[];
}

/** Turns per-stub analyses (in stub order) into the index's dimensions, cheapest first. */
export function buildDimensions(analyses: readonly Analysis[]): Dimension[] {
  const drafts = new Map<string, EqDraft | LiteralDraft | AnyDraft>();
  analyses.forEach((analysis, position) => {
    for (const c of analysis.constraints.values()) {
      let draft = drafts.get(c.id);
      if (c.type === "any") {
        if (draft === undefined) draft = { type: "any", stubs: [], constrained: [] };
        if (draft.type !== "any") continue;
        draft.stubs.push({ position, alternatives: c.alternatives });
      } else if (c.type === "eq") {
        if (draft === undefined) draft = { type: "eq", spec: c.spec, byKey: new Map(), constrained: [] };
        if (draft.type !== "eq") continue;
        for (const key of c.keys) {
          const list = draft.byKey.get(key) ?? [];
          list.push(position);
          draft.byKey.set(key, list);
        }
      } else {
        if (draft === undefined)
          draft = { type: "literal", fold: c.fold, target: c.target, stubs: [], constrained: [] };
        if (draft.type !== "literal") continue;
        draft.stubs.push({ position, alternatives: c.alternatives });
      }
      draft.constrained.push(position);
      drafts.set(c.id, draft);
    }
  });
  const kept = [...drafts.values()]
    .sort((a, b) => b.constrained.length - a.constrained.length)
    .slice(0, MAX_DIMENSIONS);
  return kept.map((draft) => toDimension(draft, analyses.length)).sort((a, b) => a.cost - b.cost);
}

function toDimension(draft: EqDraft | LiteralDraft | AnyDraft, size: number): Dimension {
  const unconstrained = complement(draft.constrained, size);
  if (draft.type === "literal")
    return new LiteralDimension(draft.fold, draft.stubs, unconstrained, draft.target);
  // At most MAX_ALTERNATIVES branch dimensions, so none is dropped (dropping one would be unsound here).
  if (draft.type === "any")
    return new AnyDimension(buildDimensions(branchAnalyses(draft, size)), unconstrained);
  const keys = new Map<string, SparseSet>();
  // Positions were pushed in stub order, possibly twice for keys an OR repeats; sparseFrom merges them.
  for (const [key, positions] of draft.byKey) keys.set(key, sparseFrom(positions));
  return new EqDimension(draft.spec, keys, unconstrained);
}

function complement(ascending: readonly number[], size: number): DenseSet {
  const set = emptyDense(size);
  let next = 0;
  for (let position = 0; position < size; position++) {
    while (next < ascending.length && ascending[next]! < position) next++;
    if (ascending[next] !== position) addToDense(set, position);
  }
  return set;
}
