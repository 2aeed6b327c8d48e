import { createEngine, type Imposter, type Predicate } from "@mockctl/core";
import { describe, expect, it } from "vitest";
import { bodiesSharingAKey } from "./one-answer-per-key.testing.ts";
import { bodyKey, memoFor, RECENT_BODIES } from "./route-memo.ts";

const respond = { responses: [{ is: { body: "x" } }] };
const memoOf = (...predicates: Predicate[][]) => {
  const imposter: Imposter = {
    protocol: "http",
    port: 4545,
    stubs: predicates.map((list) => ({ predicates: list, ...respond })),
  };
  const engine = createEngine(imposter);
  const memo = memoFor(engine);
  if (memo === null) throw new Error("not memoized");
  return { engine, memo };
};

const byUserId: Predicate[] = [{ equals: { body: { user: { id: "u-1" } } } }];

describe("bodyKey", () => {
  it.each([
    ["a field no stub reads", '{"user":{"id":"u-1","name":"Ann"}}', '{"user":{"id":"u-1","name":"Bob"}}'],
    ["the order of fields", '{"a":1,"user":{"id":"u-1"}}', '{"user":{"id":"u-1"},"a":1}'],
    ["whitespace", '{"user":{"id":"u-1"}}', ' {\n "user" : { "id" : "u-1" } }'],
    ["a field beside a read object", '{"user":{"id":"u-1"},"at":1}', '{"user":{"id":"u-1"},"at":2}'],
  ])("gives one key to bodies that differ only in %s", (_, one, other) => {
    const { memo } = memoOf(byUserId);
    expect(bodyKey(memo, one)).toBe(bodyKey(memo, other));
    expect(bodyKey(memo, one).startsWith("J")).toBe(true);
  });

  it.each([
    ["the read field's value", '{"user":{"id":"u-1"}}', '{"user":{"id":"u-2"}}'],
    ["the read field's case", '{"user":{"id":"u-1"}}', '{"user":{"id":"U-1"}}'],
    ["a name's case", '{"user":{"id":"u-1"}}', '{"User":{"id":"u-1"}}'],
    ["a field's presence", '{"user":{"id":"u-1"}}', '{"user":{}}'],
    ["a value's type", '{"user":{"id":1}}', '{"user":{"id":"1"}}'],
    ["an overflowing number and null", '{"user":{"id":1e999}}', '{"user":{"id":null}}'],
    ["-0 and 0", '{"user":{"id":-0}}', '{"user":{"id":0}}'],
    ["an object and a text holding it", '{"user":{"id":"u-1"}}', '{"user":"{\\"id\\":\\"u-1\\"}"}'],
    ["an array's elements", '{"user":[{"id":"u-1"},{"id":"u-2"}]}', '{"user":[{"id":"u-1"}]}'],
  ])("tells bodies apart by %s", (_, one, other) => {
    const { memo } = memoOf(byUserId);
    expect(bodyKey(memo, one)).not.toBe(bodyKey(memo, other));
  });

  it.each([
    ["text that is not JSON", "user=u-1"],
    ["a JSON array", '[{"user":{"id":"u-1"}}]'],
    ["a \\u escape", '{"user":{"id":"\\u0055-1"}}'],
    ["a __proto__ field", '{"__proto__":{"id":"u-1"},"user":{"id":"u-1"}}'],
    ["a capital sigma", '{"user":{"id":"ΑΣ"}}'],
    ["two names that fold to one on the way", '{"user":{"id":"u-1"},"USER":{"id":"u-2"}}'],
    ["two names that fold to one in a read value", '{"user":{"id":{"a":1,"A":2}}}'],
    ["a byte order mark", '\uFEFF{"user":{"id":"u-1"}}'],
    ["the empty body", ""],
  ])("keys %s by its whole text", (_, body) => {
    const { memo } = memoOf(byUserId);
    expect(bodyKey(memo, body)).toBe(`T${body}`);
  });

  it.each<[string, Predicate[]]>([
    ["a text expectation", [{ contains: { body: "u-1" } }]],
    ["deepEquals", [{ deepEquals: { body: { user: { id: "u-1" } } } }]],
    [
      "a jsonpath selector that finds a name anywhere",
      [{ equals: { body: "u-1" }, jsonpath: { selector: "$..id" } }],
    ],
    ["a jsonpath filter", [{ exists: { body: true }, jsonpath: { selector: "$.users[?(@.id)]" } }]],
    ["an xpath selector", [{ equals: { body: "u-1" }, xpath: { selector: "//id" } }]],
    ["except", [{ equals: { body: { user: { id: "u-1" } } }, except: "\\d" }]],
  ])("keys every body by its whole text when a stub reads it with %s", (_, predicates) => {
    const { memo } = memoOf(byUserId, predicates);
    const body = '{"user":{"id":"u-1","name":"Ann"}}';
    expect([memo.fields, bodyKey(memo, body)]).toEqual([null, body]);
  });

  it("keys by the field at the end of a plain jsonpath chain, read whole", () => {
    const { memo } = memoOf([{ equals: { body: "u-1" }, jsonpath: { selector: "$.user.id" } }]);
    const key = (body: string) => bodyKey(memo, body);
    expect(key('{"user":{"id":"u-1","name":"Ann"},"at":1}')).toBe(
      key('{"at":2,"user":{"name":"Bob","id":"u-1"}}'),
    );
    expect(key('{"user":{"id":{"a":1}}}')).not.toBe(key('{"user":{"id":{"a":1,"b":2}}}'));
    expect(key('{"user":{"id":"u-1"}}')).not.toBe(key('{"user":{"ID":"u-1"}}'));
    expect(key('{"user":[{"id":"u-1"}],"x":1}')).toBe(key('{"user":[{"id":"u-1"}],"x":2}'));
    expect(key('{"user":[{"id":"u-1"}]}')).not.toBe(key('{"user":[{"id":"u-1","a":1}]}'));
  });

  it.each<[string, Predicate[][], string]>([
    [
      "a chain inside a field read whole",
      [
        [{ equals: { body: { user: 1 } } }],
        [{ exists: { body: true }, jsonpath: { selector: "$.user.id" } }],
      ],
      '{"user":{"id":1,"name":"Ann"}}',
    ],
    [
      "a field read whole at a chain's end",
      [
        [{ exists: { body: true }, jsonpath: { selector: "$.user.id" } }],
        [{ exists: { body: true }, jsonpath: { selector: "user" } }],
      ],
      '{"user":{"id":1,"name":"Ann"}}',
    ],
  ])("reads %s whole", (_, stubs, body) => {
    const { memo } = memoOf(...stubs);
    expect(bodyKey(memo, body)).not.toBe(bodyKey(memo, body.replace("Ann", "Bob")));
    expect(bodyKey(memo, body)).toBe(bodyKey(memo, body.replace("}}", '},"at":2}')));
  });

  it("keys by the fields every stub reads together, and by nothing of the body when none reads it", () => {
    const { memo } = memoOf(byUserId, [{ exists: { body: { order: { sku: true } } } }]);
    const [one, other] = [
      '{"user":{"id":"u-1"},"order":{"sku":"a"}}',
      '{"user":{"id":"u-1"},"order":{"sku":"b"}}',
    ];
    expect(bodyKey(memo, one)).not.toBe(bodyKey(memo, other));
    expect(memoOf([{ equals: { path: "/a" } }]).memo.fields).toBeNull();
  });
});

// The soundness the key rests on, checked against the core itself: every body that shares a key with
// another is matched to the same stub. The bodies vary what the projection leaves out, and what it must not.
const STUBS: Predicate[][] = [
  [{ equals: { body: { user: { id: "u-1" } } } }],
  [{ equals: { body: { user: { id: "U-2" } } }, caseSensitive: true }],
  [{ equals: { body: { User: { id: "u-3" } } }, keyCaseSensitive: true }],
  [{ contains: { body: { user: { tags: "b" } } } }],
  [{ matches: { body: { user: { id: "^u-4$" } } } }],
  [{ exists: { body: { user: { vip: true } } } }],
  [{ equals: { body: { user: { roles: ["admin"] } } } }],
  [{ not: { equals: { body: { user: { id: "" } } } } }, { equals: { body: { user: { id: "u-5" } } } }],
  [{ or: [{ equals: { body: { n: 0 } } }, { equals: { body: { n: "1e999" } } }] }],
  [{ equals: { body: { n: "Infinity" } }, caseSensitive: true }],
  [{ equals: { body: { user: { id: "u-6" } } } }],
  [{ equals: { body: { user: { id: "ασa" } } } }],
];
const VALUES = [
  '"u-1"',
  '"U-1"',
  '"U-2"',
  '"u-3"',
  '"u-4"',
  '"u-5"',
  '""',
  "0",
  "-0",
  "1e999",
  "null",
  "true",
];
const USERS = [
  ...VALUES.map((id) => `{"id":${id}}`),
  ...VALUES.map((id) => `{"ID":${id},"name":"Ann"}`),
  '{"id":"u-1","Id":"u-2"}',
  '{"id":"u-2","Id":"u-1"}',
  '[{"id":"u-1"},{"id":"u-2"}]',
  '"{\\"id\\":\\"u-1\\"}"',
  '{"id":"\\u0055-2"}',
  '{"id":"\\u0055-6"}',
  '{"id":"U-6"}',
  '{"id":"ΑΣ\\u0041"}',
  '{"id":"ΑΣA"}',
  '{"id":"u-4","tags":["a","b"]}',
  '{"id":"u-4","tags":"abc"}',
  '{"vip":false}',
  '{"vip":{"a":1,"A":2}}',
  '{"roles":["admin","dev"]}',
  '{"roles":"admin"}',
  "{}",
  "null",
];
const BODIES = [
  ...USERS.flatMap((user) => [
    `{"user":${user}}`,
    `{"user":${user},"at":1}`,
    `{"at":"x","user":${user},"z":[1]}`,
    `{"User":${user},"at":7}`,
    `{"user":${user},"USER":{}}`,
  ]),
  ...["0", "-0", "1e999", '"1e999"', "null"].flatMap((n) => [`{"n":${n},"at":${n}}`, `{"n":${n}}`]),
  '{"__proto__":{"user":{"id":"u-1"}}}',
  '{"at":1}',
  `{"user":{"id":"u-1"},"deep":${"[".repeat(300)}${"]".repeat(300)}}`,
  "not json",
  "",
];

// The same bodies against stubs that select with plain jsonpath chains, alone and beside field expectations.
const SELECTED: Predicate[][] = [
  [{ equals: { body: "u-1" }, jsonpath: { selector: "$.user.id" } }],
  [{ equals: { body: "U-2" }, jsonpath: { selector: "$.User.id" }, caseSensitive: true }],
  [{ deepEquals: { body: ["a", "b"] }, jsonpath: { selector: "$.user.tags" } }],
  [{ equals: { body: "3" }, jsonpath: { selector: "$.user.id.length" } }],
  [{ equals: { body: "admin" }, jsonpath: { selector: "$.user.roles[0]" } }],
  [{ exists: { body: true }, jsonpath: { selector: "$.user.vip" } }],
  [{ matches: { body: "^u-4$" }, jsonpath: { selector: "user.id" } }],
  [{ deepEquals: { body: { a: 1 } }, jsonpath: { selector: "$.user.id" } }],
  [{ equals: { body: { a: 1 } }, jsonpath: { selector: "$.user.id" } }],
  [{ deepEquals: { body: "0" }, jsonpath: { selector: "$.n" } }],
  [{ equals: { body: "1" }, jsonpath: { selector: "$.z[0]" } }],
  // Beside the chains' fields, not over them: a field expectation on `user.id` would read it whole.
  [{ equals: { body: { user: { name: "ann" } } } }],
];
const SELECTED_USERS = [
  '{"id":"abc"}',
  '{"id":123}',
  '{"id":{"a":1}}',
  '{"id":{"A":1}}',
  '{"id":{"a":1,"b":2}}',
  '{"id":"u-9","id":"u-1"}',
  '{"tags":["a","b"]}',
  '{"tags":["b","a"]}',
  '{"tags":"ab"}',
  '{"roles":["admin"]}',
  '{"vip":0}',
  '{"vip":null}',
];
const SELECTED_BODIES = [
  ...BODIES,
  ...SELECTED_USERS.flatMap((user) => [
    `{"user":${user}}`,
    `{"user":${user},"z":[1]}`,
    `{"User":${user},"at":7}`,
  ]),
  '{"n":"0"}',
  '{"n":[0]}',
  '{"z":["1"],"at":1}',
  '{"z":{"0":1}}',
];

describe("bodyKey against the core", () => {
  it.each([
    ["field expectations", STUBS, BODIES],
    ["plain jsonpath chains", SELECTED, SELECTED_BODIES],
  ])("never gives one key to two bodies the core matches to different stubs: %s", async (_, stubs, bodies) => {
    const { engine, memo } = memoOf(...stubs);
    const shared = await bodiesSharingAKey(engine, memo, bodies, (stub) => stub);
    // Bodies did share keys, or the check above checked nothing.
    expect(shared).toBeGreaterThan(10);
  });
});

describe("bodyKey's recent bodies", () => {
  it("gives a repeated body its key again, and every body its own key whatever slot it shares", () => {
    const { memo } = memoOf(byUserId);
    // Same length, same middle character: one slot, in turn.
    const bodies = [
      '{"user":{"id":"u-1"},"a":1}',
      '{"user":{"id":"u-2"},"a":1}',
      '{"user":{"id":"u-1"},"a":2}',
    ];
    const keys = [...bodies, ...bodies].map((body) => bodyKey(memo, body));
    expect(keys).toEqual([...bodies, ...bodies].map((body) => bodyKey(memoOf(byUserId).memo, body)));
    expect(new Set(keys).size).toBe(2);
    expect(memo.recent.length).toBeLessThanOrEqual(2 * RECENT_BODIES);
    for (let i = 0; i < 100; i++) bodyKey(memo, `{"user":{"id":"u-${i}"}${" ".repeat(i)}}`);
    expect(memo.recent.length).toBeLessThanOrEqual(2 * RECENT_BODIES);
  });
});
