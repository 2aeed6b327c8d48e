import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { request } from "../../test/predicates/mb-oracle.ts";
import { selectValues } from "../behaviors/select-values.ts";
import { evaluatePredicate } from "../predicates/compile.ts";
import type { Predicate } from "../schemas/predicate.ts";

/**
 * Issue 15: catastrophic patterns answer at once. Before src/regex, the first case held the thread for
 * 43 s (V8 backtracks through 2^33 ways to split the a's); the bounds here are generous on purpose,
 * far above a linear run (a few ms) and far below a backtracking one.
 */
const BOUND_MS = 1_000;
const HOSTILE_PATH = `/${"a".repeat(33)}!`;

function timed<T>(run: () => T): { value: T; ms: number } {
  const start = performance.now();
  const value = run();
  return { value, ms: performance.now() - start };
}

function matchesQuickly(predicate: Predicate, fields: Parameters<typeof request>[0]): boolean {
  const { value, ms } = timed(() => evaluatePredicate(predicate, request(fields)));
  expect(ms).toBeLessThan(BOUND_MS);
  return value as boolean;
}

describe("hostile patterns", () => {
  it.each<[string, Predicate, boolean]>([
    ["matches on the path", { matches: { path: "^/(a+)+$" } }, false],
    ["matches, case-sensitive", { matches: { path: "^/(a+)+$" }, caseSensitive: true }, false],
    ["matches on a header", { matches: { headers: { x: "^/(a|aa)+$" } } }, false],
    ["except that matches", { equals: { path: "/" }, except: "(a+)+!$" }, true],
    ["except that does not", { equals: { path: "/" }, except: "(a+)+$" }, false],
  ])("%s answers in milliseconds", (_name, predicate, expected) => {
    expect(matchesQuickly(predicate, { path: HOSTILE_PATH, headers: { x: HOSTILE_PATH } })).toBe(expected);
  });

  it("a copy selector answers in milliseconds", () => {
    const using = { method: "regex", selector: "^/(a+)+$" } as const;
    const { value, ms } = timed(() => selectValues(HOSTILE_PATH, using));
    expect([value, ms < BOUND_MS]).toEqual([[], true]);
  });

  it("still matches what the pattern describes", () => {
    expect(matchesQuickly({ matches: { path: "^/(a+)+$" } }, { path: `/${"a".repeat(33)}` })).toBe(true);
  });
});

/** ReDoS shapes: nested quantifiers, overlapping alternations under a star, stacked quantifiers. */
const unit = fc.constantFrom("a", "\\w", "[a-z]", ".", "[^!]", "\\S");
const shape = fc.oneof(
  unit.map((x) => `(${x}+)+`),
  unit.map((x) => `(${x}*)*`),
  unit.map((x) => `(?:${x}|${x})*`),
  unit.map((x) => `(${x}|${x}${x})+`),
  unit.map((x) => `(${x}?${x})+`),
  fc.tuple(unit, unit, unit).map(([x, y, z]) => `${x}*${y}*${z}*`),
  fc.tuple(unit, unit).map(([x, y]) => `(.*${x}){3}${y}*`),
  unit.map((x) => `${x}+${x}+${x}+`),
);
const hostile = fc.record({
  shape,
  anchorStart: fc.boolean(),
  tail: fc.constantFrom("$", "!$", "b", "=$", ""),
  pump: fc.constantFrom("a", "ab", "aa", "a_"),
  reps: fc.integer({ min: 2_000, max: 4_000 }),
  caseSensitive: fc.boolean(),
});

describe("random ReDoS-shaped patterns against adversarial inputs", () => {
  it("each answers within the bound", () => {
    fc.assert(
      fc.property(hostile, ({ shape, anchorStart, tail, pump, reps, caseSensitive }) => {
        const pattern = `${anchorStart ? "^" : ""}${shape}${tail === "" ? "" : `(?:${tail})`}`;
        const body = `${pump.repeat(reps)}\u0000`;
        const { ms } = timed(() =>
          evaluatePredicate({ matches: { body: pattern }, caseSensitive }, request({ body })),
        );
        expect(ms, pattern).toBeLessThan(BOUND_MS);
      }),
      { numRuns: 60 },
    );
  });
});
