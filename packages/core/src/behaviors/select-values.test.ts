import { describe, expect, it } from "vitest";
import { MbFailure } from "../errors.ts";
import type { Copy } from "../schemas/behavior.ts";
import { selectValues } from "./select-values.ts";

const regex = (selector: string, options?: Copy["using"]["options"]): Copy["using"] =>
  options ? { method: "regex", selector, options } : { method: "regex", selector };

describe("selectValues", () => {
  it.each<[string, unknown, Copy["using"], unknown[]]>([
    [
      "regex groups, undefined for one not taken",
      "/regex",
      regex("(re)(gex)(y)?"),
      ["regex", "re", "gex", undefined],
    ],
    ["regex ignoreCase", "/ci", regex("CI", { ignoreCase: true }), ["ci"]],
    ["regex multiline", "a\nb", regex("^b$", { multiline: true }), ["b"]],
    ["regex without multiline", "a\nb", regex("^b$"), []],
    ["regex on a missing field matches 'undefined'", undefined, regex("\\w+"), ["undefined"]],
    ["regex on a map matches its string form", { a: "1" }, regex(".+"), ["[object Object]"]],
    [
      "xpath with a namespace",
      '<r xmlns:b="urn:b"><b:v>one</b:v><b:v at="1">two</b:v><v>no</v></r>',
      { method: "xpath", selector: "//b:v", ns: { b: "urn:b" } },
      ["one", "two"],
    ],
    ["xpath count() selects nothing", "<r><v/></r>", { method: "xpath", selector: "count(//v)" }, []],
    ["xpath on a missing field", undefined, { method: "xpath", selector: "//v" }, []],
    ["jsonpath on text", '{"a":[1,"x"]}', { method: "jsonpath", selector: "$.a[*]" }, [1, "x"]],
    ["jsonpath on a map", { a: ["qa", "qb"] }, { method: "jsonpath", selector: "$.a" }, [["qa", "qb"]]],
    ["jsonpath on non-JSON", "nope", { method: "jsonpath", selector: "$.a" }, []],
  ])("%s", (_, value, using, expected) => {
    expect(selectValues(value, using)).toEqual(expected);
  });

  it("fails on a malformed regex with the engine's message (mb answers 500)", () => {
    expect(() => selectValues("x", regex("("))).toThrow(MbFailure);
    expect(() => selectValues("x", regex("("))).toThrow(/Invalid regular expression/);
  });

  it("fails on a malformed xpath, as mb does", () => {
    expect(() => selectValues("<r/>", { method: "xpath", selector: "//[" })).toThrow(
      "malformed xpath predicate selector",
    );
  });
});
