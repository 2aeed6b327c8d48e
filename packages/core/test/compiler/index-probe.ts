import { analyzeStub } from "../../src/compiler/analyze.ts";
import { RequestScan } from "../../src/compiler/request-scan.ts";
import { RouteIndex } from "../../src/compiler/route-index.ts";
import { createRequestView } from "../../src/request/view.ts";
import type { Predicate } from "../../src/schemas/predicate.ts";
import type { MbRequest } from "../../src/schemas/request.ts";
import { testRequest } from "../behaviors/test-request.ts";

/** A stub's constraints as `{ id: [alternative, …] }`: keys, `relation:text` literals, or an OR's ids. */
export function constraintsOf(predicates: Predicate[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const c of analyzeStub(predicates).constraints.values()) {
    if (c.type === "eq") out[c.id] = [...c.keys];
    else if (c.type === "literal") out[c.id] = c.alternatives.map((a) => `${a.relation}:${a.text}`);
    else out[c.id] = c.alternatives.map((a) => a.id);
  }
  return out;
}

/** The stage-1 candidates (ascending positions) of these stubs for a request built from `fields`. */
export function candidatesOf(stubs: Predicate[][], fields: Partial<MbRequest>): number[] {
  const index = new RouteIndex(stubs);
  const candidates = index.fresh();
  const out: number[] = [];
  if (candidates.start(new RequestScan(createRequestView(testRequest(fields))))) {
    for (let p = candidates.next(); p >= 0; p = candidates.next()) out.push(p);
  }
  candidates.finish();
  return out;
}
