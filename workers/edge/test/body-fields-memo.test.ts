import { env } from "cloudflare:workers";
import { objectName } from "@mockctl/contract";
import { describe, expect, it } from "vitest";
import { peek } from "../src/registry.ts";
import { memoFor } from "../src/route-memo.ts";
import { freshPort, imposter, is, objectFor, send } from "./helpers.ts";

// When the stubs read only some fields of a JSON body, the route memo keys a body by those fields
// (body-projection.ts): bodies that differ elsewhere share one remembered answer.
const on = (predicate: Record<string, unknown>, body: string) => ({ predicates: [predicate], ...is(body) });
/** A stub on the client's address keeps an imposter off the memo: every answer of it is matched anew. */
const neverRemembered = on({ equals: { ip: "never" } }, "ip");
const stubs = [
  on({ equals: { method: "POST", body: { user: { id: "u-1" } } } }, "user 1"),
  on({ equals: { body: { user: { id: "U-2" } } }, caseSensitive: true }, "user 2"),
  on({ exists: { body: { order: { sku: true } } } }, "an order"),
  is("other"),
];
const post = (body: string) => ({ method: "POST", body, headers: { "content-type": "application/json" } });

const selected = [
  on({ equals: { body: "u-1" }, jsonpath: { selector: "$.user.id" } }, "user 1"),
  on({ equals: { body: "U-2" }, jsonpath: { selector: "$.user.id" }, caseSensitive: true }, "user 2"),
  is("other"),
];

/** A copy by a plain chain keys the body by the field it copies (memo-responses.ts). */
const copied = [
  {
    responses: [
      {
        is: { body: "user $ID" },
        behaviors: [
          {
            copy: {
              from: "body",
              into: "$ID",
              using: { method: "jsonpath" as const, selector: "$.user.id" },
            },
          },
        ],
      },
    ],
  },
];

describe("a body keyed by the fields its stubs read", () => {
  it.each([
    ["field expectations", stubs, "user 1"],
    ["a plain jsonpath chain", selected, "user 1"],
    ["a copy by a plain jsonpath chain", copied, "user u-1"],
  ])("answers bodies that differ in other fields from one remembered answer: %s", async (_, stubs, one) => {
    const port = freshPort();
    await objectFor(port).put(imposter(port, { stubs }));
    const answers = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const body = JSON.stringify({ user: { id: "u-1", name: `A${i}` }, at: Date.now() + i });
      answers.add(await (await send(`/i/${port}/users`, post(body))).text());
    }
    expect([...answers]).toEqual([one]);
    const engine = peek(objectName(env.WORKSPACE, port))?.engine;
    expect(engine).toBeTruthy();
    expect(engine && memoFor(engine)?.answers.size).toBe(1);
  });

  it.each([
    ["field expectations", stubs, ["user 1", "user 2", "an order", "other"]],
    ["a plain jsonpath chain", selected, ["user 1", "user 2", "other"]],
    [
      "a copy by a plain jsonpath chain",
      copied,
      ["user u-1", "user U-1", "user u-2", "user U-2", "user $ID"],
    ],
  ])("answers every other body as an imposter that is never remembered answers: %s", async (_, stubs, all) => {
    const [keyed, fresh] = [freshPort(), freshPort()];
    await objectFor(keyed).put(imposter(keyed, { stubs }));
    await objectFor(fresh).put(imposter(fresh, { stubs: [neverRemembered, ...stubs] }));
    const bodies = [
      '{"user":{"id":"u-1"}}',
      '{"user":{"id":"U-1","x":1}}',
      '{"User":{"ID":"u-1"}}',
      '{"user":{"id":"u-1"},"USER":{"id":"u-9"}}',
      '{"USER":{"id":"u-9"},"user":{"id":"u-1"}}',
      '{"user":{"id":"u-1"},"USER":{"id":"u-9"},"user":{"id":"u-1"}}',
      '{"user":{"id":"U-2"}}',
      '{"user":{"id":"u-2"}}',
      '{"user":{"id":"\\u0055-2"}}',
      '{"user":[{"id":"u-1"},{"id":"u-3"}]}',
      '{"user":"{\\"id\\":\\"u-1\\"}"}',
      '{"x":1}',
      '{"__proto__":{"user":{"id":"u-1"}}}',
      `{"user":{"id":"u-1"},"deep":${"[".repeat(300)}${"]".repeat(300)}}`,
      '{"order":{"sku":"a"}}',
      '{"order":{"sku":null}}',
      '{"order":{}}',
      '{"order":[]}',
      "[1]",
      "user=u-1",
      "",
    ];
    const answers = async (port: number) => {
      const texts: string[] = [];
      for (const body of [...bodies, ...bodies]) {
        texts.push(await (await send(`/i/${port}/users`, post(body))).text());
      }
      return texts;
    };
    const expected = await answers(fresh);
    expect(new Set(expected)).toEqual(new Set(all));
    expect(await answers(keyed)).toEqual(expected);
  });
});
