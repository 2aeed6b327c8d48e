import { Buffer } from "node:buffer";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeBase64, encodeBase64, stripNonBase64 } from "./base64.ts";

describe("decodeBase64", () => {
  // Expected bytes are what Node's Buffer.from(s, "base64") gives, which is what Mountebank writes.
  it.each([
    ["aGVsbG8=", [104, 101, 108, 108, 111]],
    ["aGk", [104, 105]],
    ["aG=k", [104]],
    ["aGk=aGk=", [104, 105]],
    ["a", []],
    ["ab", [105]],
    ["abc", [105, 183]],
    ["ab==cd", [105]],
    ["/+/+", [255, 239, 254]],
    ["YWI=YQ", [97, 98]],
    ["", []],
  ])("decodes %j like Node", (text, bytes) => {
    expect([...decodeBase64(text)]).toEqual(bytes);
  });

  it("agrees with Buffer on any stripped text", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(..."AZaz09+/=x\n -_".split("")) }), (raw) => {
        const text = stripNonBase64(raw);
        expect([...decodeBase64(text)]).toEqual([...Buffer.from(text, "base64")]);
      }),
    );
  });
});

describe("encodeBase64", () => {
  it("agrees with Buffer", () => {
    fc.assert(
      fc.property(fc.uint8Array(), (bytes) => {
        expect(encodeBase64(bytes)).toBe(Buffer.from(bytes).toString("base64"));
      }),
    );
  });
});

describe("stripNonBase64", () => {
  it("keeps only the base64 alphabet and padding, like Mountebank", () => {
    expect(stripNonBase64("aGVs\nbG8=!! -_")).toBe("aGVsbG8=");
  });
});
