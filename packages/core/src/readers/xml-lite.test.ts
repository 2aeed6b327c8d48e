import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { wellFormed } from "../../test/readers/xml-lite.ts";
import { readLiteXml } from "./xml-lite.ts";

// What the reader reads is checked against xmldom in xpath-lite.test.ts; here, what it reads at all.
describe("readLiteXml", () => {
  it("reads the well-formed documents it is meant for", () => {
    fc.assert(fc.property(wellFormed, (doc) => readLiteXml(doc) !== undefined));
  });

  it.each([
    "<a>&amp;</a>",
    "<a>\r\n</a>",
    "<a><!-- c --></a>",
    '<a xmlns="urn:x"/>',
    "<p:a/>",
    "<a></A>",
    "<a/><b/>",
    "x<a/>",
  ])("leaves %j to xmldom", (doc) => {
    expect(readLiteXml(doc)).toBeUndefined();
  });

  it("leaves nesting deeper than its stack to xmldom", () => {
    expect(readLiteXml(`${"<a>".repeat(100_000)}${"</a>".repeat(100_000)}`)).toBeUndefined();
  });

  it.each(["", "plain text", "a > b"])("reads %j as a document without elements", (text) => {
    expect(readLiteXml(text)).toEqual({ root: undefined });
  });
});
