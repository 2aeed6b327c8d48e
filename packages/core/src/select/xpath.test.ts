import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { MbFailure } from "../errors.ts";
import { compileXPath, parseXml, selectXPath } from "./xpath.ts";

// Mountebank's own module (xpath 0.0.33) is the oracle: same inputs, same answers.
const mbXPath = createRequire(import.meta.url)("mountebank/src/models/xpath.js") as {
  select(selector: string, ns: Record<string, string> | undefined, xml: string): unknown;
};

const BOOKS = '<r xmlns:p="urn:x"><p:v a="q">t</p:v><e/><c><d/></c><b>1</b><b>2</b><!--cm--></r>';

describe("selectXPath", () => {
  it.each([
    ["//b", undefined, BOOKS, ["1", "2"]],
    ["//b[2]", undefined, BOOKS, ["2"]],
    ["count(//b)", undefined, BOOKS, 2],
    ["sum(//b)", undefined, BOOKS, 3],
    ["boolean(//b)", undefined, BOOKS, true],
    ["//b = '3'", undefined, BOOKS, false],
    ["//missing", undefined, BOOKS, undefined],
    ["//p:v", { p: "urn:x" }, BOOKS, ["t"]],
    ["//z:v/@a", { z: "urn:x" }, BOOKS, ["q"]],
    ["//e", undefined, BOOKS, ["undefined"]], // empty element: String(undefined data), so it still exists
    ["//c", undefined, BOOKS, ["undefined"]], // first child is an element, which has no data
    ["//comment()", undefined, BOOKS, ["cm"]],
    ["//B", undefined, "<a><B>x</B></a>", ["x"]],
    ["//b", undefined, "<a><B>x</B></a>", undefined], // names are case-sensitive (not treated as HTML)
    ["//b", undefined, "", undefined], // empty text: no document at all
    ["//b", undefined, "<a><b>x</b>", undefined], // unclosed root: xmldom drops it, silently
  ])("%s with %j on %s", (selector, ns, xml, expected) => {
    expect(selectXPath(selector, ns, xml)).toEqual(expected);
    expect(mbXPath.select(selector, ns, xml)).toEqual(expected);
  });

  it("rejects a malformed selector with Mountebank's bad data error", () => {
    const fail = captureFailure(() => selectXPath("//[", undefined, "<a/>"));
    expect(fail.errors).toEqual([
      { code: "bad data", message: "malformed xpath predicate selector", source: "//[", inner: {} },
    ]);
    expect(() => mbXPath.select("//[", undefined, "<a/>")).toThrow();
  });

  it("reports an unbound namespace prefix as malformed", () => {
    expect(() => selectXPath("//q:v", undefined, BOOKS)).toThrow("malformed xpath predicate selector");
  });

  it("does not parse the selector when there is no document, as Mountebank", () => {
    expect(selectXPath("//[", undefined, "")).toBeUndefined();
    expect(mbXPath.select("//[", undefined, "")).toBeUndefined();
  });

  it("throws for string-valued expressions, where Mountebank crashes", () => {
    expect(() => selectXPath("string(//b)", undefined, BOOKS)).toThrow(MbFailure);
    expect(() => mbXPath.select("string(//b)", undefined, BOOKS)).toThrow(TypeError);
  });

  it("compiles once and runs against many documents", () => {
    const select = compileXPath("//b", undefined);
    expect(select(parseXml("<a><b>1</b></a>"))).toEqual(["1"]);
    expect(select(parseXml("<b>2</b>"))).toEqual(["2"]);
    expect(select(undefined)).toBeUndefined();
  });

  it("agrees with Mountebank on a grid of selectors and documents", () => {
    const docs = [
      "GET",
      "/",
      BOOKS,
      "<A><B>x</B></A>",
      "not xml <",
      "<a x='1' y='2'/>",
      "<a>\n<b>1</b>\n</a>",
    ];
    const selectors = [
      "//b",
      "count(//b)",
      "/",
      "//@*",
      "//p:v",
      "//*",
      "/r/node()",
      "//b[last()]",
      "1 div 0",
    ];
    for (const xml of docs) {
      for (const selector of selectors) {
        for (const ns of [undefined, { p: "urn:x" }]) {
          expect(outcome(() => selectXPath(selector, ns, xml))).toEqual(
            outcome(() => mbXPath.select(selector, ns, xml)),
          );
        }
      }
    }
  });
});

function outcome(run: () => unknown): unknown {
  try {
    return { value: run() };
  } catch {
    return "throws";
  }
}

function captureFailure(run: () => unknown): MbFailure {
  try {
    run();
  } catch (error) {
    if (error instanceof MbFailure) return error;
  }
  throw new Error("expected an MbFailure");
}
