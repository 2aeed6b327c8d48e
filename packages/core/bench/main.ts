/**
 * The measurements themselves, bundled and loaded by run.ts (see there for why). Per request: build the
 * RequestView and find the first matching stub, through the route index and through the linear oracle.
 */
import { type CompiledImposter, compileImposter } from "../src/compiler/index.ts";
import { createRequestView } from "../src/request/view.ts";
import type { MbRequest } from "../src/schemas/request.ts";
import { type Cell, calibrate, cell, consumed, measureRounds, timingOf } from "./measure.ts";
import type { Row } from "./report.ts";
import { SHAPES, type Shape } from "./shapes.ts";

export { measureStageOne } from "./stage-one.ts";

export const SIZES = [100, 1_000, 10_000] as const;
export const POSITIONS = ["first", "middle", "last", "none"] as const;
export type Position = (typeof POSITIONS)[number];

export interface Plan {
  readonly quick: boolean;
  readonly shapes?: readonly string[];
  readonly sizes?: readonly number[];
  readonly positions?: readonly Position[];
  readonly log?: (line: string) => void;
}

function targetOf(position: Position, size: number): number {
  if (position === "first") return 0;
  if (position === "middle") return Math.floor(size / 2);
  if (position === "last") return size - 1;
  return -1;
}

function matcher(compiled: CompiledImposter, how: "match" | "matchLinear", request: MbRequest) {
  return (): number => {
    const result = compiled[how](createRequestView(request));
    if (typeof result !== "number") throw new Error("benchmark stubs never run injected code");
    return result;
  };
}

interface Configuration {
  readonly size: number;
  readonly position: Position;
  readonly compileMs: number;
  readonly index: Cell;
  readonly linear: Cell;
}

/**
 * Every configuration of one shape (sizes × positions × both matchers) is measured in the same
 * interleaved rounds (see measure.ts), so the comparisons the targets make (first of 100 against
 * the worst of 10,000, index against linear) are between samples taken side by side.
 */
function measureShape(shape: Shape, plan: Plan, rows: Row[]): void {
  const rounds = plan.quick ? 5 : 21;
  const configurations: Configuration[] = [];
  for (const size of plan.sizes ?? SIZES) {
    const stubs = Array.from({ length: size }, (_, i) => ({ predicates: shape.stub(i), responses: [] }));
    const started = performance.now();
    const compiled = compileImposter({ stubs });
    const compileMs = performance.now() - started;
    warmUp(compiled, shape, size, plan.quick ? 100 : 300);
    for (const position of plan.positions ?? POSITIONS) {
      const target = targetOf(position, size);
      const request = shape.request(target);
      const viaIndex = matcher(compiled, "match", request);
      const viaLinear = matcher(compiled, "matchLinear", request);
      // Both must find exactly the intended stub before either is timed.
      if (viaIndex() !== target || viaLinear() !== target) {
        throw new Error(
          `${shape.name} at ${size}/${position}: expected ${target}, got ${viaIndex()}/${viaLinear()}`,
        );
      }
      // The linear scan at 10,000 stubs is bounded by time, not by rounds.
      const linearBudget = plan.quick ? 100 : size >= 10_000 ? 1_500 : 600;
      const index = cell(viaIndex, 5, Number.POSITIVE_INFINITY);
      const linear = cell(viaLinear, 5, linearBudget);
      calibrate(index, plan.quick ? 10 : 60);
      calibrate(linear, plan.quick ? 20 : 100);
      configurations.push({ size, position, compileMs, index, linear });
    }
  }
  measureRounds(
    configurations.flatMap((c) => [c.index, c.linear]),
    rounds,
  );
  for (const { size, position, compileMs, index, linear } of configurations) {
    const row: Row = {
      shape: shape.name,
      indexedBy: shape.indexedBy,
      stubs: size,
      position,
      compileMs,
      index: timingOf(index, rounds),
      linear: timingOf(linear, rounds),
    };
    rows.push(row);
    plan.log?.(
      `${shape.name.padEnd(24)} ${String(size).padStart(6)} ${position.padEnd(6)} ` +
        `index ${row.index.micros.toFixed(2).padStart(9)} µs   linear ${row.linear.micros.toFixed(1).padStart(10)} µs`,
    );
  }
}

/**
 * Runs every position through both matchers for a while before timing, so the first configuration
 * measured after building a stub set does not pay for JIT compilation and the garbage of the build.
 */
function warmUp(compiled: CompiledImposter, shape: Shape, size: number, ms: number): void {
  const requests = POSITIONS.map((p) => shape.request(targetOf(p, size)));
  const until = performance.now() + ms;
  while (performance.now() < until) {
    for (const request of requests) {
      matcher(compiled, "match", request)();
      if (size <= 1_000) matcher(compiled, "matchLinear", request)();
    }
  }
}

export function measure(plan: Plan): { rows: Row[]; checksum: number } {
  const rows: Row[] = [];
  for (const shape of SHAPES) {
    if (plan.shapes && !plan.shapes.includes(shape.name)) continue;
    measureShape(shape, plan, rows);
  }
  return { rows, checksum: consumed() };
}
