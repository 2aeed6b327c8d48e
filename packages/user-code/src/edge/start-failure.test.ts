import { describe, expect, it } from "vitest";
import { parseStartFailure } from "./start-failure.ts";

describe("parseStartFailure", () => {
  // Messages as workerd 1.20260426 gave them to the caller of a loaded worker that failed to start.
  it.each([
    [
      "Failed to start Worker:\nUncaught SyntaxError: Unexpected token ';'\n  at f1.js:1:63",
      { module: "f1.js", message: "Unexpected token ';'" },
    ],
    [
      "Failed to start Worker:\nUncaught RangeError: top level\n  at f12.js:2:7",
      { module: "f12.js", message: "top level" },
    ],
    [
      "Failed to start Worker:\nUncaught SyntaxError: Unexpected end of input\n  at f0.js:1:56",
      { module: "f0.js", message: "Unexpected end of input" },
    ],
    ["Failed to start Worker:\nUncaught Error: x\n  at main.js:3:1", { module: "main.js", message: "x" }],
  ])("reads %j", (message, expected) => {
    expect(parseStartFailure(message)).toEqual(expected);
  });

  it.each([
    ["boom"],
    ["DataCloneError: Symbol(x) could not be cloned."],
    // A module that throws a string at top level: workerd names no module.
    ["Failed to start Worker:\nUncaught Error: thrown text"],
  ])("ignores %j", (message) => {
    expect(parseStartFailure(message)).toBeUndefined();
  });
});
