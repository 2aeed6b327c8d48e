import querystring from "node:querystring";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseQueryString } from "./querystring.ts";

describe("parseQueryString", () => {
  it.each([
    ["", {}],
    ["a=1&a=2&b", { a: ["1", "2"], b: "" }],
    ["a+b=c+d", { "a b": "c d" }],
    ["k%2B=v%2b", { "k+": "v+" }],
    ["%zz=%41", { "%zz": "A" }], // a malformed escape is kept
    ["a=%E9%zz", { a: "\uFFFD%zz" }], // invalid UTF-8 becomes U+FFFD
    ["a=é%41", { a: "éA" }],
    ["a=é%zz", { a: "é%zz" }], // nothing valid to decode: left untouched
    ["a=é%zz%41", { a: "\uFFFD%zzA" }], // lenient fallback keeps only the low byte of é
    ["%4+1=%4+1", { "%4 1": "%4 1" }],
    ["&&a=1&", { a: "1" }],
    ["=", { "": "" }],
    ["=x", { "": "x" }],
    ["a=b=c", { a: "b=c" }],
    ["%41%41=😀%4", { AA: "=\u0000%4" }], // Node's scanner quirk, reproduced
    ["%41%4=😀%4", { "A%4": "😀%4" }],
  ])("%j", (text, expected) => {
    const parsed = parseQueryString(text);
    expect(JSON.stringify(parsed)).toBe(JSON.stringify(expected));
    expect(JSON.stringify(parsed)).toBe(JSON.stringify(querystring.parse(text)));
  });

  it("keeps __proto__ as an ordinary key", () => {
    const parsed = parseQueryString("__proto__=1&constructor=2");
    expect(Object.keys(parsed)).toEqual(["__proto__", "constructor"]);
    expect(parsed.__proto__).toBe("1");
  });

  it("stops after 1000 pieces, as Node's maxKeys", () => {
    const text = Array.from({ length: 1005 }, (_, i) => `k${i}=${i}`).join("&");
    const parsed = parseQueryString(text);
    expect(Object.keys(parsed)).toHaveLength(1000);
    expect(parsed.k999).toBe("999");
    expect(parsed.k1000).toBeUndefined();
  });

  it("agrees with Node's querystring.parse on arbitrary input", () => {
    const piece = fc.constantFrom(
      "a",
      "B",
      "=",
      "&",
      "+",
      "%",
      "%4",
      "%41",
      "%e9",
      "%zz",
      "%F0%9F",
      "4",
      "é",
      "€",
      "😀",
      " ",
      "%C3%A9",
    );
    const text = fc.array(piece, { maxLength: 24 }).map((parts) => parts.join(""));
    fc.assert(
      fc.property(text, (input) => {
        expect(JSON.stringify(parseQueryString(input))).toBe(JSON.stringify(querystring.parse(input)));
      }),
      { numRuns: 5000 },
    );
  });
});
