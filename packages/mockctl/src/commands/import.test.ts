import { describe, expect, it } from "vitest";
import { skippedRows } from "./import.ts";

const INJECTION =
  "invalid injection: JavaScript injection is not allowed unless mb is run with the --allowInjection flag";

describe("skippedRows", () => {
  it("lists a reason the platform gave once per stub once, under its imposter's port", () => {
    const skipped = [
      ...Array.from({ length: 6 }, () => ({ port: "4545", reason: INJECTION })),
      { port: "4545", reason: "bad data: the tcp protocol is not yet supported" },
      { port: "4546", reason: INJECTION },
    ];
    expect(skippedRows(skipped)).toEqual([
      ["4545", INJECTION],
      ["", "bad data: the tcp protocol is not yet supported"],
      ["4546", INJECTION],
    ]);
  });
});
