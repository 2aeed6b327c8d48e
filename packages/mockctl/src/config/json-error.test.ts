import { describe, expect, it } from "vitest";
import { excerptAt, invalidJsonAt, lineAndColumn } from "./json-error.ts";

describe("invalidJsonAt", () => {
  it.each([
    ['{"a": 1}', -1],
    ['[1, "x", true, null, {"b": [-0.5e3]}]', -1],
    ['{"a": }', 6],
    ['{"a": 1,\n "b": x}', 15],
    ['{"a": 1', 7],
    ["[1,2,]", 5],
    ['{"a":1}}', 7],
    ["\uFEFF{}", 0],
    ['{"a": "line\nbreak"}', 11],
    ['{"a": "\\q"}', 7],
    ['{"a": 01}', 7],
    ["{'a': 1}", 1],
    ['{"a" 1}', 5],
    ["", 0],
  ])("%j: %i", (text, expected) => {
    expect(invalidJsonAt(text)).toBe(expected);
    // Where this says valid, JSON.parse agrees, and the other way round.
    expect(() => JSON.parse(text)).toSatisfy((parse: () => unknown) => {
      try {
        parse();
        return expected === -1;
      } catch {
        return expected !== -1;
      }
    });
  });
});

it("gives no position rather than a wrong one past the stack's depth", () => {
  const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
  expect(invalidJsonAt(deep)).toBe(-1);
});

describe("the excerpt", () => {
  it("puts the caret under the column on a line indented with tabs", () => {
    const text = '{\n\t\t"a": x\n}';
    expect(excerptAt(text, invalidJsonAt(text))).toEqual(["1 | {", '2 |   "a": x', "           ^"]);
  });

  it("shows the line before, the line, and a caret under the column", () => {
    const text = '{\n  "a": 1,\n  "b": x\n}';
    const at = invalidJsonAt(text);
    expect(lineAndColumn(text, at)).toEqual({ line: 3, column: 8 });
    expect(excerptAt(text, at)).toEqual(['2 |   "a": 1,', '3 |   "b": x', "           ^"]);
  });

  it("cuts a long line to the part around the column", () => {
    const text = `{"imposters": [${'{"port": 1}, '.repeat(20_000)}x]}`;
    const lines = excerptAt(text, invalidJsonAt(text));
    expect(lines).toHaveLength(2);
    expect(lines[0]!.length).toBeLessThan(110);
    expect(lines[0]).toMatch(/^1 \| ….*x\]\}$/);
    expect(lines[0]![lines[1]!.length - 1]).toBe("x");
  });
});
