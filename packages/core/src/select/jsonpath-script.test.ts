import { describe, expect, it } from "vitest";
import { selectJsonPath } from "./jsonpath.ts";
import { jsonPathScriptProblem } from "./jsonpath-script.ts";

const doc = [{ a: `${"a".repeat(33)}!` }, { a: "abc" }, { a: "ABX", k: "match" }];

describe("regular expressions in jsonpath filter scripts (issue 15)", () => {
  it.each([
    ["$[?(/^ab/i.test(@.a))]", [{ a: "abc" }, { a: "ABX", k: "match" }]],
    ["$[?(@.a.match('^ab'))]", [{ a: "abc" }]],
    ["$[?(@.a.replace('a', '') == 'bc')]", [{ a: "abc" }]],
    ["$[?(@.a.split('b').length > 1)]", [{ a: "abc" }]],
  ])("runs %s, whose pattern V8 runs in linear time", (selector, expected) => {
    expect(selectJsonPath(selector, doc)).toEqual(expected);
    expect(jsonPathScriptProblem(selector)).toBeUndefined();
  });

  it.each([
    ["$[?(@.a.match(/^(a+)+$/))]", "/^(a+)+$/, which is not provably linear"],
    ["$[?(@.a.search('(a|aa)+$') >= 0)]", "/(a|aa)+$/, which is not provably linear"],
    ["$[?(@.a.match(@.k))]", "a pattern that is not a literal"],
    ["$[?(@.a[@.k]('x'))]", "a regex method reached another way"],
    ["$[?(@.a['match']('x'))]", "a regex method reached another way"],
  ])("refuses %s at once, selecting nothing", (selector, why) => {
    const start = performance.now();
    expect(selectJsonPath(selector, doc)).toBeUndefined();
    expect(performance.now() - start).toBeLessThan(1_000); // a backtracking run takes tens of seconds
    expect(jsonPathScriptProblem(selector)).toContain(why);
  });
});
