import { Buffer } from "node:buffer";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeBase64Text } from "./base64.ts";

describe("decodeBase64Text", () => {
  it.each([
    ["YWJj", "abc"],
    ["YW Jj\n", "abc"], // whitespace and other foreign characters are skipped
    ["YW*Jj", "abc"],
    ["YQ==YQ==", "a"], // stops at the first '='
    ["YQ", "a"],
    ["Y", ""],
    ["w6k=", "é"],
    ["-_-_", Buffer.from("+/+/", "base64").toString()], // URL-safe alphabet
    ["/w==", "\uFFFD"],
  ])("%j", (text, expected) => {
    expect(decodeBase64Text(text)).toBe(expected);
    expect(Buffer.from(text, "base64").toString()).toBe(expected);
  });

  it("agrees with Node's Buffer on arbitrary input", () => {
    const char = fc.constantFrom(..."AZaz09+/-_= \n*é".split(""), "w6k", "8J+YgA");
    fc.assert(
      fc.property(fc.array(char, { maxLength: 30 }), (chars) => {
        const text = chars.join("");
        expect(decodeBase64Text(text)).toBe(Buffer.from(text, "base64").toString());
      }),
      { numRuns: 3000 },
    );
  });
});
