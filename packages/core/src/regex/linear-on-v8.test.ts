import { describe, expect, it } from "vitest";
import { linearOnV8 } from "./linear-on-v8.ts";
import { parsePattern } from "./parse.ts";

const V8: Array<[string, string]> = [
  ["^/catalog/p7/items/[a-z]+-\\d+$", "i"],
  ["^/users/\\d+", ""],
  ["^\\d+$", ""],
  ["^[^/]+/[^/]+$", ""],
  ["/users/", "i"],
  ["^$", ""],
  ["json$", "i"],
  ["^second.*$", "m"],
  ["^Host: \\w+$", "mi"],
];

const LINEAR_ENGINE: Array<[string, string, string]> = [
  ["^/(a+)+$", "", "a group"],
  ["^a*a*$", "", "variable atoms that share characters"],
  ["^\\d+\\w+$", "", "\\w takes the digits \\d gives back"],
  ["^[a-z]+[A-Z]+$", "i", "the i flag joins the two sets"],
  ["^a+b?c$", "", "a follower that may be absent"],
  ["\\d+", "", "unanchored with a variable atom: one run per start position"],
  ["^a|b", "", "alternation"],
  ["ab$", "m", "unanchored under m"],
  ["^a\\s*$", "m", "\\s takes line terminators, so an attempt could run over many lines"],
  ["\\ba", "", "an assertion inside"],
  ["a(?=b)", "", "lookaround"],
];

describe("linearOnV8", () => {
  it.each(V8)("lets V8 run /%s/%s", (source, flags) => {
    expect(linearOnV8(parsePattern(source), flags)).toBe(true);
  });

  it.each(LINEAR_ENGINE)("sends /%s/%s to the linear engine: %s", (source, flags) => {
    expect(linearOnV8(parsePattern(source), flags)).toBe(false);
  });

  it("bounds the width of an unanchored fixed pattern", () => {
    expect(linearOnV8(parsePattern("a".repeat(64)), "")).toBe(true);
    expect(linearOnV8(parsePattern("a".repeat(65)), "")).toBe(false);
  });
});
