import { describe, expect, it } from "vitest";
import { createRequestView } from "../request/view.ts";
import { emptyDense, positionsOf } from "./bitset.ts";
import type { LiteralAlternative } from "./constraints.ts";
import { LiteralDimension } from "./literal-dimension.ts";
import { RequestScan } from "./request-scan.ts";
import { Slot } from "./slot.ts";

const stubs: Array<{ position: number; alternatives: LiteralAlternative[] }> = [
  { position: 0, alternatives: [{ relation: "prefix", text: "/api/" }] },
  { position: 1, alternatives: [{ relation: "suffix", text: ".json" }] },
  { position: 2, alternatives: [{ relation: "contains", text: "users" }] },
  { position: 3, alternatives: [{ relation: "prefix", text: "/api/v1/users" }] },
  {
    position: 4,
    alternatives: [
      { relation: "contains", text: "/v2" },
      { relation: "suffix", text: "/x" },
    ],
  },
  { position: 5, alternatives: [{ relation: "prefix", text: "/" }] },
];

function collect(path: string, fold: boolean): number[] {
  const dimension = new LiteralDimension(fold, stubs, emptyDense(6));
  const slot = new Slot(6);
  const scan = new RequestScan(
    createRequestView({ requestFrom: "", method: "GET", path, query: {}, headers: {}, body: "", ip: "" }),
  );
  dimension.collect(scan, slot);
  slot.materialize();
  return positionsOf(slot.matched);
}

describe("LiteralDimension", () => {
  it.each([
    ["/api/v1/users.json", [0, 1, 2, 3, 5]],
    ["/API/V1/USERS", [0, 2, 3, 5]],
    ["/v2/x", [4, 5]],
    ["/other/x", [4, 5]],
    ["api/users", [2]],
    ["", []],
  ])("folded: %s holds %j", (path, expected) => {
    expect(collect(path, true)).toEqual(expected);
  });

  it("compares the raw path when case-sensitive", () => {
    expect(collect("/API/v1/users", false)).toEqual([2, 5]);
  });
});
