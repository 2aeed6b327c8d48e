import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileOnRe2 } from "./user-regex.ts";

/** Random patterns over a small alphabet, so that random inputs often match them in several ways. */
const atom = fc.constantFrom("a", "b", "-", ".", "\\d", "\\w", "\\s", "\\W", "[ab]", "[^a]", "\\n", "A");
const quantifier = fc.constantFrom("*", "+", "?", "{1,2}", "*?", "+?", "??", "{2}");

function patterns(groupsRepeat: boolean): fc.Arbitrary<string> {
  const quantified = (x: fc.Arbitrary<string>, wrap: boolean) =>
    fc.tuple(x, quantifier).map(([re, q]) => (wrap ? `(?:${re})${q}` : `${re}${q}`));
  return fc.letrec<{ re: string }>((tie) => ({
    re: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      atom,
      quantified(atom, false),
      fc.tuple(tie("re"), tie("re")).map(([x, y]) => x + y),
      fc.tuple(tie("re"), tie("re")).map(([x, y]) => `${x}|${y}`),
      tie("re").map((x) => `(${x})`),
      tie("re").map((x) => `(?:${x})`),
      groupsRepeat ? quantified(tie("re"), true) : atom,
      tie("re").map((x) => `^${x}`),
      tie("re").map((x) => `${x}$`),
    ),
  })).re;
}
const input = fc
  .array(fc.constantFrom("a", "b", "-", "1", " ", "\n", "A"), { maxLength: 8 })
  .map((s) => s.join(""));
const texts = fc.array(input, { minLength: 1, maxLength: 6 });
const flags = fc.constantFrom("", "i", "m");

describe("the linear engine's translation, against V8 on random patterns", () => {
  it("agrees on whether a pattern matches", () => {
    fc.assert(
      fc.property(patterns(true), flags, texts, (source, f, inputs) => {
        const re2 = compileOnRe2(source, f);
        const native = new RegExp(source, f);
        for (const text of inputs) expect(re2.test(text)).toBe(native.test(text));
      }),
      { numRuns: 500 },
    );
  });

  // A repeated group whose body can match empty (`(?:a?|b)*` on "b") is the one known difference in
  // what is matched: JavaScript refuses an empty iteration and tries the next branch, RE2 keeps it.
  // Whether the pattern matches is the same (above); the README states the difference.
  it("agrees on the whole match and removal when no group repeats", () => {
    fc.assert(
      fc.property(patterns(false), flags, texts, (source, f, inputs) => {
        const re2 = compileOnRe2(source, f);
        const native = new RegExp(source, f);
        const global = new RegExp(source, `${f}g`);
        for (const text of inputs) {
          expect(re2.exec(text)?.slice()).toEqual(native.exec(text)?.slice());
          expect(re2.removeAll(text)).toBe(text.replace(global, ""));
        }
      }),
      { numRuns: 500 },
    );
  });
});
