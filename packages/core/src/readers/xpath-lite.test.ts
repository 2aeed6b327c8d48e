import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  anySelector,
  anyText,
  ns,
  plainSelector,
  viaLite,
  viaXmldom,
  wellFormed,
} from "../../test/readers/xml-lite.ts";
import { compileXPath, parseXml } from "../select/xpath.ts";
import { planOf } from "./xpath-lite.ts";

describe("lite XPath on lite XML", () => {
  it("selects exactly what xmldom and the xpath package select, whenever both accept", () => {
    fc.assert(
      fc.property(anySelector, ns, anyText, (selector, mappings, doc) => {
        const lite = viaLite(selector, mappings, doc);
        if (lite !== "declined") expect(lite).toEqual(viaXmldom(selector, mappings, doc));
      }),
      { numRuns: 5000 },
    );
  });

  it("agrees on every short plain path over random documents", () => {
    const steps = ["a", "b", "B", "id", "*"];
    const paths = ["", "/", "//"].flatMap((lead) =>
      steps.flatMap((first) => [
        lead + first,
        ...steps.flatMap((second) => [`${lead}${first}/${second}`, `${lead}${first}//${second}`]),
        `${lead}${first}/@k`,
        `${lead}${first}//@id`,
        `${lead}${first}[@k='1']`,
        `${lead}${first}[@id="v w"]/${steps[0]}`,
        `${lead}${first}[@k=''][@id='1']//@k`,
      ]),
    );
    let selected = 0;
    fc.assert(
      fc.property(wellFormed, (doc) => {
        for (const path of paths) {
          const lite = viaLite(path, undefined, doc);
          expect(lite).toEqual(viaXmldom(path, undefined, doc));
          if (Array.isArray(lite)) selected++;
        }
      }),
      { numRuns: 300 },
    );
    // Guards the generators: most documents must give some path something to select.
    expect(selected).toBeGreaterThan(300 * 5);
  });

  it("never throws on a document xmldom built, so reading one without xmldom hides no error", () => {
    fc.assert(
      fc.property(plainSelector, fc.oneof(anyText, fc.string()), (selector, text) => {
        let doc: ReturnType<typeof parseXml>;
        try {
          doc = parseXml(text); // xmldom itself throws on some texts (CDATA outside the root)
        } catch {
          return;
        }
        expect(() => compileXPath(selector, undefined)(doc)).not.toThrow();
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    ["//order/id", "<order><id>o-1</id><id/><id><b/></id></order>", ["o-1", "undefined", "undefined"]],
    ["/a//b", "<a><b>1<b>2</b></b><c><b>3</b></c></a>", ["1", "2", "3"]],
    ["//a/@k", "<r><a k='1'/><a/><a k=\"2\"></a></r>", ["1", "2"]],
    ["a//@k", '<a k="0"><b k="1"/></a>', ["0", "1"]],
    ["//item[@id='7']", '<o><item id="6">a</item><item id="7"><b/></item></o>', ["undefined"]],
    ["//item[@id='7']/sku", "<o><item id='7'><sku>A</sku></item><sku>B</sku></o>", ["A"]],
    ["/o/*[ @k = \"a'b\" ][@n='']", "<o><a k=\"a'b\" n=''>1</a><b k=\"a'b\">2</b></o>", ["1"]],
    ["//item[@id='8']", "<o><item id='7'/></o>", undefined],
    ["//item[@id='']", "<o><item/><item id=''>e</item></o>", ["e"]],
    ["//id", "no markup at all", undefined],
    ["//id", "", undefined],
  ])("%s on %s", (selector, doc, expected) => {
    expect(viaLite(selector, undefined, doc)).toEqual(expected);
    expect(viaXmldom(selector, undefined, doc)).toEqual(expected);
  });

  it.each([
    "//a[1]",
    "//a[@k=1]",
    "//a[@k!='1']",
    "//a[@p:k='1']",
    "//a[@k='1' and @n='2']",
    "//a[b='1']",
    "//a[@k='1'",
    "//@k[.='1']",
    "//p:a",
    "count(//a)",
    "//a/text()",
    "//@k",
    "/a/@*",
    "//a | //b",
    "//and",
    "",
  ])("leaves the selector %j to the xpath package", (selector) => {
    expect(planOf(selector)).toBeUndefined();
  });
});
