import { createEngine, type Imposter } from "@mockctl/core";
import { describe, expect, it } from "vitest";
import { bodiesSharingAKey } from "./one-answer-per-key.testing.ts";
import { memoFor } from "./route-memo.ts";

// A copy from the body by a plain jsonpath chain keys a JSON body by the field it copies (memo-responses.ts):
// checked here against the core's own answers, as body-projection.test.ts checks the predicates' fields.
const chain = (into: string, selector: string) => ({
  copy: { from: "body", into, using: { method: "jsonpath" as const, selector } },
});

const IMPOSTER: Imposter = {
  protocol: "http",
  port: 4545,
  stubs: [
    {
      predicates: [{ equals: { body: { kind: "a" } } }],
      responses: [
        {
          is: { body: "id=$ID", headers: { "X-Sku": "$SKU" } },
          behaviors: [chain("$ID", "$.user.id"), chain("$SKU", "order.sku")],
        },
      ],
    },
    {
      responses: [
        {
          is: { body: { exact: "$U", first: "$I", length: "$L" } },
          behaviors: [chain("$U", "$.User.id"), chain("$I", "$.items[0]"), chain("$L", "$.user.id.length")],
        },
      ],
    },
  ],
};

const USERS = [
  '{"id":"u-1"}',
  '{"id":"u-1","name":"Ann"}',
  '{"name":"Bob","id":"u-1"}',
  '{"id":"U-1"}',
  '{"ID":"u-1"}',
  '{"id":123}',
  '{"id":-0}',
  '{"id":0}',
  '{"id":{"a":1,"b":2}}',
  '{"id":{"b":2,"a":1}}',
  '{"id":["x","y"]}',
  '{"id":null}',
  '{"id":"u-9","id":"u-1"}',
  "{}",
  '"u-1"',
];
const REST = [
  "",
  ',"order":{"sku":"s-1","qty":1}',
  ',"order":{"sku":"s-1","qty":2}',
  ',"order":{"SKU":"s-1"}',
  ',"items":["a","b"]',
  ',"items":["a","c"]',
  ',"items":{"0":"a"}',
  ',"at":1',
];
const BODIES = [
  ...USERS.flatMap((user) =>
    REST.flatMap((rest) => [
      `{"kind":"a","user":${user}${rest}}`,
      `{"kind":"b","User":${user}${rest}}`,
      `{"user":${user}${rest},"at":2}`,
    ]),
  ),
  '{"kind":"a","user":{"id":"u-1"},"USER":{"id":"u-2"}}',
  "not json",
  "",
];

describe("a body copied by plain jsonpath chains, keyed by the fields they copy", () => {
  it("keys by the predicates' fields and the chains' first names, in that order", () => {
    expect(memoFor(createEngine(IMPOSTER))?.fields?.names).toEqual(["kind", "user", "order", "items"]);
  });

  it("never gives one key to two bodies the core answers differently", async () => {
    const engine = createEngine(IMPOSTER);
    const memo = memoFor(engine);
    if (memo === null) throw new Error("not memoized");
    const shared = await bodiesSharingAKey(engine, memo, BODIES, async (stub, request) => {
      const { response } = await engine.resolve(stub, request);
      return { stub, body: response.body, headers: response.headers };
    });
    // Bodies did share keys, or the check above checked nothing.
    expect(shared).toBeGreaterThan(20);
  });

  it("keeps a copy's chain out of the key when another response is not derived from it", () => {
    const decorated = { is: { body: "x" }, behaviors: [{ decorate: "(config, response) => {}" }] };
    const first = IMPOSTER.stubs[0];
    if (first === undefined) throw new Error("no stub");
    const engine = createEngine({
      ...IMPOSTER,
      stubs: [{ ...first, responses: [...first.responses, decorated] }],
    });
    expect(memoFor(engine)?.fields?.names).toEqual(["kind"]);
  });
});
