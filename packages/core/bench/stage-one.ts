/**
 * Where the index's remaining growth with the stub count comes from: stage 1 and the walk to the one
 * candidate, without evaluating any predicate, against the candidate's predicate alone, for exact
 * paths at sizes up to well beyond the main table's.
 */
import { compileImposter } from "../src/compiler/index.ts";
import { RequestScan } from "../src/compiler/request-scan.ts";
import { createRequestView } from "../src/request/view.ts";
import { type Cell, calibrate, cell, measureRounds, timingOf } from "./measure.ts";
import { SHAPES } from "./shapes.ts";

export interface StageOneRow {
  readonly stubs: number;
  /** Stage 1 for the last stub's request, and the walk over the candidates it leaves (µs). */
  readonly stageOne: number;
  /** The last stub's predicates on a fresh RequestView (µs). */
  readonly predicate: number;
}

const SIZES = [100, 1_000, 10_000, 50_000] as const;

export function measureStageOne(quick: boolean): StageOneRow[] {
  const shape = SHAPES.find((s) => s.name === "exact path");
  if (!shape) throw new Error("the exact path shape is gone");
  const rounds = quick ? 5 : 21;
  const cells: Array<{ stubs: number; stageOne: Cell; predicate: Cell }> = [];
  for (const stubs of SIZES) {
    const compiled = compileImposter({
      stubs: Array.from({ length: stubs }, (_, i) => ({ predicates: shape.stub(i), responses: [] })),
    });
    const request = shape.request(stubs - 1);
    const predicate = compiled.stubs[stubs - 1]?.predicates[0];
    if (predicate === undefined) throw new Error("the exact path shape has no predicate");
    const stageOne = (): number => {
      const candidates = compiled.index.acquire();
      let count = 0;
      if (candidates.start(new RequestScan(createRequestView(request)))) {
        while (candidates.next() >= 0) count++;
      }
      compiled.index.release(candidates);
      return count;
    };
    if (stageOne() !== 1) throw new Error(`stage 1 left more than the one candidate at ${stubs}`);
    const evaluate = (): number => (predicate(createRequestView(request)) === true ? 1 : 0);
    const row = {
      stubs,
      stageOne: cell(stageOne, 5, Number.POSITIVE_INFINITY),
      predicate: cell(evaluate, 5, Number.POSITIVE_INFINITY),
    };
    calibrate(row.stageOne, quick ? 10 : 60);
    calibrate(row.predicate, quick ? 10 : 60);
    cells.push(row);
  }
  measureRounds(
    cells.flatMap((c) => [c.stageOne, c.predicate]),
    rounds,
  );
  return cells.map((c) => ({
    stubs: c.stubs,
    stageOne: timingOf(c.stageOne, rounds).micros,
    predicate: timingOf(c.predicate, rounds).micros,
  }));
}

export function stageOneTable(rows: readonly StageOneRow[]): string[] {
  return [
    "| stubs | stage 1 + walk µs | predicate µs |",
    "|---:|---:|---:|",
    ...rows.map(
      (r) => `| ${r.stubs.toLocaleString("en")} | ${r.stageOne.toFixed(2)} | ${r.predicate.toFixed(2)} |`,
    ),
  ];
}
