import type { MbCase } from "./types.ts";
import { withBehaviors, withResponses } from "./types.ts";

const using = { method: "regex", selector: "." };
const repeatError = (source: unknown) => [
  { code: "bad data" as const, message: '"repeat" field must be an integer greater than 0', source },
];
const ownBehaviorError = (source: unknown) => [
  {
    code: "bad data" as const,
    message: "each behavior must be an object with one behavior type as its key",
    source,
  },
];

/** `repeat` and the behaviors validator (mb's behaviorsValidator.js), in mb's message order. */
export const BEHAVIOR_CASES: MbCase[] = [
  ...[0, "0", true, null, -1, [1], {}].map((repeat) =>
    withResponses(`repeat ${JSON.stringify(repeat)}`, [{ is: {}, repeat }]),
  ),
  withResponses('repeat 2 and "3"', [
    { is: {}, repeat: 2 },
    { is: {}, repeat: "3" },
  ]),
  withResponses("every repeat error", [
    { is: {}, repeat: -1 },
    { is: {}, repeat: [1] },
  ]),
  withResponses("repeat 1.5", [{ is: {}, repeat: 1.5 }], { ours: repeatError({ is: {}, repeat: 1.5 }) }),
  withResponses('repeat "abc"', [{ is: {}, repeat: "abc" }], {
    ours: repeatError({ is: {}, repeat: "abc" }),
  }),
  withBehaviors("wait -1", [{ wait: -1 }]),
  withBehaviors("wait true", [{ wait: true }]),
  withBehaviors("wait null", [{ wait: null }]),
  withBehaviors("wait 1.5", [{ wait: 1.5 }]),
  withBehaviors("wait 0", [{ wait: 0 }]),
  withBehaviors("an unknown behavior", [{ foo: 1 }]),
  withBehaviors("two unknown behaviors", [{ foo: 1, bar: 2 }]),
  withBehaviors("two behaviors in one object", [{ wait: 1, copy: {} }]),
  withBehaviors("a known behavior beside an unknown key", [{ wait: 1, foo: 2 }]),
  withBehaviors("an empty behavior", [{}]),
  withBehaviors("errors of every behavior, in order", [{ wait: -1 }, { foo: 1 }, { decorate: 1, wait: -2 }], {
    allowInjection: true,
  }),
  withBehaviors("copy {}", [{ copy: {} }]),
  withBehaviors("copy []", [{ copy: [] }]),
  withBehaviors('copy "x"', [{ copy: "x" }]),
  withBehaviors("copy null", [{ copy: null }], {
    mbCrashes: true,
    ours: ["from", "into", "using"].map((f) => ({ message: `copy behavior "${f}" field required` })),
  }),
  withBehaviors("copy fields of the wrong type", [{ copy: { from: 1, into: 2, using: 3 } }]),
  withBehaviors("copy from {} and an empty using", [{ copy: { from: {}, into: "x", using: {} } }]),
  withBehaviors("copy from two keys, unknown method", [
    { copy: { from: { a: 1, b: 2 }, into: "x", using: { method: "foo", selector: 1 } } },
  ]),
  withBehaviors("copy from [] and a method array", [
    { copy: { from: [], into: "x", using: { method: ["regex"], selector: "x" } } },
  ]),
  withBehaviors("copy from null", [{ copy: { from: null, into: "x", using } }], {
    mbCrashes: true,
    ours: [
      {
        message:
          'copy behavior "from" field must be a string or an object, representing the request field to select from',
      },
    ],
  }),
  withBehaviors("copy using null", [{ copy: { from: "path", into: "x", using: null } }], {
    mbCrashes: true,
    ours: [{ message: 'copy behavior "using" field must be an object' }],
  }),
  withBehaviors("a valid copy", [{ copy: { from: { query: "q" }, into: "$Q", using } }]),
  withBehaviors("lookup {}", [{ lookup: {} }]),
  withBehaviors("lookup with a string key and an empty data source", [
    { lookup: { key: "x", fromDataSource: {}, into: 1 } },
  ]),
  withBehaviors("lookup from an unknown data source", [
    { lookup: { key: { from: "path", using }, fromDataSource: { db: {} }, into: "x" } },
  ]),
  withBehaviors("lookup csv {}", [
    { lookup: { key: { from: "path", using }, fromDataSource: { csv: {} }, into: "x" } },
  ]),
  withBehaviors("lookup csv fields of the wrong type", [
    {
      lookup: {
        key: { from: { a: 1, b: 2 }, using: { method: "sql" } },
        fromDataSource: { csv: { path: 1, delimiter: 2, keyColumn: 3 } },
        into: "x",
      },
    },
  ]),
  withBehaviors("lookup csv as a string", [
    { lookup: { key: { from: "path", using }, fromDataSource: { csv: "x" }, into: "x" } },
  ]),
  withBehaviors("a valid lookup", [
    {
      lookup: {
        key: { from: "path", using, index: 0 },
        fromDataSource: { csv: { path: "a.csv", keyColumn: "k", delimiter: ";" } },
        into: "$ROW",
      },
    },
  ]),
  withBehaviors("shellTransform 1", [{ shellTransform: 1 }]),
  withBehaviors("decorate 1", [{ decorate: 1 }]),
  withBehaviors("decorate 1 with injection allowed", [{ decorate: 1 }], { allowInjection: true }),
  withBehaviors('the string behavior "wait"', ["wait"], { ours: ownBehaviorError("wait") }),
  withBehaviors("a number and an array as behaviors", [1, []], {
    ours: [...ownBehaviorError(1), ...ownBehaviorError([])],
  }),
  withBehaviors("a null behavior", [null], { mbCrashes: true, ours: ownBehaviorError(null) }),
  withBehaviors(
    "behaviors as an object",
    {},
    {
      mbCrashes: true,
      ours: [{ message: "'behaviors' must be an array", source: { is: {}, behaviors: {} } }],
    },
  ),
  withResponses("a legacy _behaviors with an error", [{ is: {}, _behaviors: { wait: -1 } }]),
  withResponses(
    "a legacy _behaviors, upcast in order",
    [
      {
        is: {},
        _behaviors: { repeat: 2, decorate: "x", wait: [1, 2], copy: [{ from: "path", into: "X", using }] },
      },
    ],
    { allowInjection: true },
  ),
  withResponses("a legacy _behaviors, with the injection error's source upcast", [
    { is: {}, _behaviors: { repeat: 2, decorate: "x" } },
  ]),
];
