import { describe, expect, it } from "vitest";
import { behaviorErrors } from "./behaviors-validator.ts";

const messages = (behaviors: unknown) =>
  behaviorErrors(behaviors, { is: {}, behaviors }).map((e) => e.message);
const using = { method: "regex", selector: "." };

// mb's messages are checked against mb 2.9.1 in mb-compat.test.ts; these are the walker's corners.
describe("behaviorErrors", () => {
  it.each([
    ["no behaviors", undefined, []],
    // mb finds toString on its spec object and crashes.
    ["an inherited name is not a behavior", [{ toString: "x" }], ['Unrecognized behavior: "toString"']],
    ["the first unknown key is named", [{ b: 1, a: 2 }], ['Unrecognized behavior: "b"']],
    [
      "each sub-field's errors, in the spec's order",
      [{ lookup: { into: 1, fromDataSource: { csv: { keyColumn: 1 } }, key: { using: { selector: 2 } } } }],
      [
        'lookup behavior "key.from" field required',
        'lookup behavior "key.using.method" field required',
        'lookup behavior "key.using.selector" field must be a string',
        'lookup behavior "fromDataSource.csv.path" field required',
        'lookup behavior "fromDataSource.csv.keyColumn" field must be a string, representing the column header to select against the "key" field',
        'lookup behavior "into" field must be a string, representing the token to replace in response fields',
      ],
    ],
    [
      "an enum compares an object's first key, after its key count",
      [
        {
          lookup: {
            key: { from: "path", using },
            fromDataSource: { csv: { path: "p", keyColumn: "k" }, x: 1 },
            into: "x",
          },
        },
      ],
      ['lookup behavior "fromDataSource" field must have exactly one key'],
    ],
    ["a valid copy from a nested field", [{ copy: { from: { query: "q" }, into: "X", using } }], []],
  ])("%s", (_name, behaviors, expected) => {
    expect(messages(behaviors)).toEqual(expected);
  });

  it("names the behavior object as the source of its errors", () => {
    const behavior = { wait: -1 };
    expect(behaviorErrors([behavior], {})).toEqual([
      {
        code: "bad data",
        message: 'wait behavior "wait" field must be an integer greater than or equal to 0',
        source: behavior,
      },
    ]);
  });
});
