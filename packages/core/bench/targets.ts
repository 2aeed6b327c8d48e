import type { Row } from "./report.ts";

/** One shape judged against the brief's targets. */
export interface ShapeSummary {
  readonly shape: string;
  readonly indexedBy: string;
  /** Index cost, first of 100 stubs (µs). */
  readonly base: number;
  /** Highest index cost at 10,000 stubs (µs), and where. */
  readonly worst: number;
  readonly worstPosition: Row["position"];
  /** worst ÷ base; the target is ≤ 2. */
  readonly flatness: number;
  /** linear ÷ index at 1,000 stubs, match last; the target is ≥ 50. */
  readonly speedup1k: number;
  readonly speedupNone1k: number;
  readonly speedup10k: number;
  /** What the linear scan pays per stub it passes (µs), from first vs last of 1,000. */
  readonly linearPerStub: number;
}

function find(
  rows: readonly Row[],
  shape: string,
  stubs: number,
  position: Row["position"],
): Row | undefined {
  return rows.find((r) => r.shape === shape && r.stubs === stubs && r.position === position);
}

export function summarize(rows: readonly Row[]): ShapeSummary[] {
  const out: ShapeSummary[] = [];
  for (const shape of [...new Set(rows.map((r) => r.shape))]) {
    const base = find(rows, shape, 100, "first");
    const at10k = rows.filter((r) => r.shape === shape && r.stubs === 10_000);
    const worst = at10k.reduce<Row | undefined>(
      (a, r) => (a && a.index.micros >= r.index.micros ? a : r),
      undefined,
    );
    const first1k = find(rows, shape, 1_000, "first");
    const last1k = find(rows, shape, 1_000, "last");
    const none1k = find(rows, shape, 1_000, "none");
    const last10k = find(rows, shape, 10_000, "last");
    if (!base || !worst || !first1k || !last1k || !none1k || !last10k) continue;
    out.push({
      shape,
      indexedBy: base.indexedBy,
      base: base.index.micros,
      worst: worst.index.micros,
      worstPosition: worst.position,
      flatness: worst.index.micros / base.index.micros,
      speedup1k: last1k.linear.micros / last1k.index.micros,
      speedupNone1k: none1k.linear.micros / none1k.index.micros,
      speedup10k: last10k.linear.micros / last10k.index.micros,
      linearPerStub: (last1k.linear.micros - first1k.linear.micros) / 999,
    });
  }
  return out;
}
