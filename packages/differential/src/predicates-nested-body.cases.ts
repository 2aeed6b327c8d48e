import type { ExchangeCase } from "./case-types.ts";
import { json, post } from "./case-types.ts";

const answer = (body: string) => ({ is: { body } });

/**
 * Routing on nested JSON body fields, several stubs at once (issue 12: the route index keys each nested
 * leaf by its path, so a wrong key there would answer from the wrong stub or none). The requests walk
 * every shape `predicateSatisfied` reaches through: nested objects, JSON held in a string, arrays at the
 * leaf and on the way, scalar and falsy intermediates, missing leaves, key case and duplicate keys.
 */
export const nestedBodyCases: ExchangeCase[] = [
  {
    name: "equals on nested body fields routes among several stubs",
    imposter: {
      stubs: [
        {
          predicates: [{ equals: { method: "POST", path: "/users", body: { user: { id: "u-1" } } } }],
          responses: [answer("one")],
        },
        {
          predicates: [{ equals: { body: { user: { id: "u-2", role: "admin" } } } }],
          responses: [answer("two")],
        },
        {
          predicates: [{ equals: { body: { user: { id: "" }, kind: "blank" } } }],
          responses: [answer("blank")],
        },
        { predicates: [{ equals: { body: { a: { b: { c: 3 } } } } }], responses: [answer("deep")] },
        { responses: [answer("none")] },
      ],
    },
    requests: [
      { ...json({ user: { id: "U-1", name: "Ann" } }, "/users"), expect: { body: "one" } },
      { ...json({ user: { id: "u-1" } }, "/other"), expect: { body: "none" } },
      { ...json({ user: JSON.stringify({ id: "u-2", role: "ADMIN" }) }), expect: { body: "two" } },
      { ...json({ user: [{ id: "u-1" }, { id: "u-2", role: "admin" }] }), expect: { body: "two" } },
      { ...json({ user: [{ id: "u-2" }, { role: "admin" }] }), expect: { body: "none" } },
      { ...json({ user: { id: ["u-3", "u-2"], role: "admin" } }), expect: { body: "two" } },
      { ...json({ user: { name: "x" }, kind: "blank" }), expect: { body: "blank" } },
      { ...json({ user: "plain", kind: "blank" }), expect: { body: "blank" } },
      { ...json({ user: 7, kind: "blank" }), expect: { body: "blank" } },
      { ...json({ user: 0, kind: "blank" }), expect: { body: "none" } },
      { ...json({ user: null, kind: "blank" }), expect: { body: "none" } },
      { ...json({ kind: "blank" }), expect: { body: "none" } },
      { ...json({ a: { b: { c: "3" } } }), expect: { body: "deep" } },
      { ...json({ A: { B: JSON.stringify({ C: 3 }) } }), expect: { body: "deep" } },
      { ...json({ a: { b: { c: 4 } } }), expect: { body: "none" } },
      { ...json({ a: [{ b: { c: 3 } }] }), expect: { body: "deep" } },
      { ...post("/", '{"user":{"id":"u-9"},"user":{"id":"u-2","role":"admin"}}'), expect: { body: "two" } },
      post("/", '{"__proto__":{"user":{"id":"u-2","role":"admin"}}}'),
      { ...post("/", "user.id=u-2"), expect: { body: "none" } },
    ],
  },
  {
    // The platform's route memo keys these bodies by the fields the stubs read (workers/edge's
    // body-projection.ts): each body is sent after one that shares its read fields but not its answer
    // wherever the text as sent and the fold could tell them apart.
    name: "bodies that differ in fields no stub reads, and bodies the fold tells apart",
    imposter: {
      stubs: [
        { predicates: [{ equals: { body: { user: { id: "u-1" } } } }], responses: [answer("one")] },
        {
          predicates: [{ equals: { body: { user: { id: "ασa" } } } }],
          responses: [answer("sigma")],
        },
        { predicates: [{ exists: { body: { order: { sku: true } } } }], responses: [answer("order")] },
        { responses: [answer("none")] },
      ],
    },
    requests: [
      { ...json({ user: { id: "u-1", name: "Ann" }, at: 1 }), expect: { body: "one" } },
      { ...json({ at: 2, user: { name: "Bob", id: "U-1" } }), expect: { body: "one" } },
      { ...json({ user: { id: "u-1", name: "Cy" } }), expect: { body: "one" } },
      { ...json({ user: { id: "u-2", name: "Ann" } }), expect: { body: "none" } },
      { ...json({ order: { sku: "a", qty: 1 } }), expect: { body: "order" } },
      { ...json({ order: { sku: "b", qty: 2 } }), expect: { body: "order" } },
      { ...json({ order: { sku: null } }), expect: { body: "order" } },
      post("/", '{"user":{"id":"u-1"},"USER":{"id":"u-9"}}'),
      post("/", '{"user":{"id":"u-1"},"USER":{"id":"u-9"},"user":{"id":"u-1"}}'),
      post("/", '{"x":1}'),
      post("/", '{"__proto__":{"user":{"id":"u-1"}}}'),
      post("/", '{"user":{"id":"ΑΣA"}}'),
      post("/", '{"user":{"id":"ΑΣ\\u0041"}}'),
      post("/", '{"user":{"id":"\\u0055-1"}}'),
    ],
  },
  {
    // The route memo keys these bodies by the value at the end of each plain jsonpath chain (workers/edge's
    // body-fields.ts); as above, each body follows one that shares that value but not its answer wherever
    // a chain's walk could tell them apart: the name's case, arrays and strings on the way, duplicates.
    name: "plain jsonpath chains over bodies that differ in fields no selector reads",
    imposter: {
      stubs: [
        {
          predicates: [{ equals: { body: "u-1" }, jsonpath: { selector: "$.user.id" } }],
          responses: [answer("one")],
        },
        {
          predicates: [{ equals: { body: "U-2" }, jsonpath: { selector: "$.User.id" }, caseSensitive: true }],
          responses: [answer("two")],
        },
        {
          predicates: [{ equals: { body: "3" }, jsonpath: { selector: "$.user.id.length" } }],
          responses: [answer("three long")],
        },
        {
          predicates: [{ deepEquals: { body: ["a", "b"] }, jsonpath: { selector: "$.user.tags" } }],
          responses: [answer("tags")],
        },
        {
          predicates: [{ equals: { body: "admin" }, jsonpath: { selector: "$.user.roles[0]" } }],
          responses: [answer("admin")],
        },
        {
          predicates: [{ exists: { body: true }, jsonpath: { selector: "$.order.sku" } }],
          responses: [answer("sku")],
        },
        { responses: [answer("none")] },
      ],
    },
    requests: [
      { ...json({ user: { id: "u-1", name: "Ann" }, at: 1 }), expect: { body: "one" } },
      { ...json({ at: 2, user: { name: "Bob", id: "U-1" } }), expect: { body: "one" } },
      { ...json({ USER: { ID: "u-1" } }), expect: { body: "one" } },
      { ...json({ User: { id: "U-2" }, at: 3 }), expect: { body: "two" } },
      { ...json({ User: { id: "u-2" }, at: 4 }) },
      { ...json({ user: { id: "U-2" }, at: 5 }) },
      { ...json({ user: { id: "abc", at: 6 } }), expect: { body: "three long" } },
      { ...json({ user: { id: 123 } }) },
      { ...json({ user: { id: ["a", "b", "c"] } }) },
      { ...json({ user: { tags: ["b", "a"], name: "Ann" } }), expect: { body: "tags" } },
      { ...json({ user: { tags: ["a", "b"], name: "Bob" } }), expect: { body: "tags" } },
      { ...json({ user: { tags: "ab" } }) },
      { ...json({ user: { roles: ["admin", "dev"] } }), expect: { body: "admin" } },
      { ...json({ user: { roles: ["dev", "admin"] } }) },
      { ...json({ user: { roles: { "0": "admin" } } }) },
      { ...json({ user: [{ id: "u-1" }] }) },
      { ...json({ order: { sku: null, qty: 1 } }) },
      { ...json({ order: { sku: 0, qty: 2 } }) },
      { ...json({ order: { qty: 3 } }), expect: { body: "none" } },
      post("/", '{"user":{"id":"u-9"},"user":{"id":"u-1"}}'),
      post("/", '{"user":{"id":"u-1"},"USER":{"id":"u-9"}}'),
      post("/", '{"user":{"id":"\\u0055-1"}}'),
      post("/", '{"__proto__":{"user":{"id":"u-1"}}}'),
    ],
  },
];
