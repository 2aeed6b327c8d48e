import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { requiredLiteral } from "./regex-literal.ts";

describe("requiredLiteral", () => {
  it.each([
    ["^/users/\\d+$", { text: "/users/", atStart: true, atEnd: false }],
    ["^/api/v1/items$", { text: "/api/v1/items", atStart: true, atEnd: true }],
    ["/orders/[0-9]+/lines$", { text: "/orders/", atStart: false, atEnd: false }],
    ["/o/[0-9]+/lines$", { text: "/lines", atStart: false, atEnd: true }],
    ["\\.json$", { text: ".json", atStart: false, atEnd: true }],
    ["^/a\\/b\\.c", { text: "/a/b.c", atStart: true, atEnd: false }],
    ["colou?r", { text: "colo", atStart: false, atEnd: false }],
    ["ab*cdef", { text: "cdef", atStart: false, atEnd: false }],
    ["^x{0,2}/yy", { text: "/yy", atStart: false, atEnd: false }],
    ["ab+c", { text: "ab", atStart: false, atEnd: false }],
    ["^(?:v1|v2)/items", { text: "/items", atStart: false, atEnd: false }],
    ["\\u0041bc", { text: "bc", atStart: false, atEnd: false }],
    ["\\x41\\x42zz", { text: "zz", atStart: false, atEnd: false }],
    // Without the u flag, "{,2}" is not a quantifier but literal text.
    ["a{,2}bcd", { text: ",2}bcd", atStart: false, atEnd: false }],
    ["caf\u00e9s", { text: "caf", atStart: false, atEnd: false }],
    ["[ab]cd[ef]", { text: "cd", atStart: false, atEnd: false }],
    ["x(?=abc)yz", { text: "yz", atStart: false, atEnd: false }],
  ])("%s requires %j", (source, expected) => {
    expect(requiredLiteral(source)).toEqual(expected);
  });

  it.each([
    "a|b",
    "^/a$|^/b$",
    ".*",
    "\\d+",
    "[abc]",
    "(abc)",
    "",
    "^$",
    "a?",
  ])("%s has no literal", (source) => {
    expect(requiredLiteral(source)).toBeUndefined();
  });

  // Soundness: whenever the regex matches, the lower-cased text holds the lower-cased literal in its
  // relation. Patterns are built from tokens that exercise quantifiers, escapes, classes and groups.
  const tokens = fc.constantFrom(
    "a",
    "B",
    "/",
    "x",
    "\\.",
    ".",
    "\\d",
    "[ab]",
    "(a|b)",
    "(?:ab)",
    "?",
    "*",
    "+",
    "{2}",
    "{0,1}",
    "^",
    "$",
    "\\u0061",
    "\\x62",
    "\\b",
    "-",
    "]",
    "}",
    "{",
    "\\/",
    "(?=a)",
    "(?!b)",
    "\u00e9",
    "K",
    "k",
  );
  const texts = fc.stringMatching(/^[abAB/x.1\-\]}{k\u212a\u00e9\u00c9 ]{0,12}$/);

  it("never names a literal a match can lack", () => {
    fc.assert(
      fc.property(
        fc.array(tokens, { maxLength: 8 }),
        fc.array(texts, { maxLength: 12 }),
        (parts, samples) => {
          const source = parts.join("");
          let regex: RegExp;
          try {
            regex = new RegExp(source, "i");
          } catch {
            return;
          }
          const literal = requiredLiteral(source);
          if (literal === undefined) return;
          const needle = literal.text.toLowerCase();
          for (const sample of samples) {
            if (!regex.test(sample)) continue;
            const hay = sample.toLowerCase();
            expect(hay.includes(needle)).toBe(true);
            if (literal.atStart) expect(hay.startsWith(needle)).toBe(true);
            if (literal.atEnd) expect(hay.endsWith(needle)).toBe(true);
          }
        },
      ),
      { numRuns: 3000 },
    );
  });
});
