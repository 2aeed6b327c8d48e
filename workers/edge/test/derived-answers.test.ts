import { beforeAll, describe, expect, it } from "vitest";
import { freshPort, imposter, is, objectFor, send } from "./helpers.ts";

const using = (method: "regex" | "jsonpath", selector: string) => ({ method, selector });
const regex = (selector: string) => using("regex", selector);
const copy = (from: string | Record<string, string>, into: string, using = regex(".+")) => ({
  copy: { from, into, using },
});
/** A stub on the client's address keeps an imposter off the memo: every answer of it is made anew. */
const neverRemembered = { predicates: [{ equals: { ip: "never" } }], ...is("ip") };

const stubs = [
  {
    predicates: [{ startsWith: { path: "/p/" } }],
    responses: [
      {
        is: { headers: { "X-Path": "$P" }, body: "path $P, q $Q" },
        behaviors: [
          copy("path", "$P", regex("[^/]+$")),
          copy({ query: "q" }, "$Q", regex("\\w+")),
          { wait: 1 },
        ],
      },
    ],
  },
  {
    predicates: [{ equals: { method: "POST" } }],
    responses: [
      {
        is: { body: "$B from $N" },
        behaviors: [copy("body", "$B", using("jsonpath", "$.name")), copy({ headers: "X-Name" }, "$N")],
      },
    ],
  },
  is("other"),
];

describe("answers a copy behavior makes, remembered by the request's key", () => {
  beforeAll(() => objectFor(freshPort()).read(), 30_000);

  it("answers each request as an imposter that is never remembered answers it, copies and all", async () => {
    const [keyed, fresh] = [freshPort(), freshPort()];
    await objectFor(keyed).put(imposter(keyed, { stubs }));
    await objectFor(fresh).put(imposter(fresh, { stubs: [neverRemembered, ...stubs] }));
    const post = (body: string, headers: Record<string, string> = {}) => ({ method: "POST", body, headers });
    const asked: Array<[string, RequestInit | undefined]> = [
      ["/p/alice", undefined],
      ["/p/bob", undefined],
      ["/p/alice?q=one", undefined],
      ["/p/alice?q=two", undefined],
      ["/p/alice?q=two&r=1", undefined],
      ["/", post('{"name":"ann"}', { "x-name": "n1" })],
      ["/", post('{"name":"ann"}', { "X-NAME": "n2" })],
      ["/", post('{"name":"bo"}', { "x-name": "n1" })],
      ["/", post('{"name":"bo"}')],
      ["/", post("not json", { "x-name": "n1" })],
      ["/q", undefined],
    ];
    const answers = async (port: number) => {
      const seen: string[] = [];
      for (const [path, init] of [...asked, ...asked]) {
        const response = await send(`/i/${port}${path}`, init);
        seen.push(`${response.headers.get("x-path")} ${await response.text()}`);
      }
      return seen;
    };
    const expected = await answers(fresh);
    expect(new Set(expected)).toEqual(
      new Set([
        "alice path alice, q undefined",
        "bob path bob, q undefined",
        "alice path alice, q one",
        "alice path alice, q two",
        "null ann from n1",
        "null ann from n2",
        "null bo from n1",
        "null bo from undefined",
        "null $B from n1",
        "null other",
      ]),
    );
    expect(await answers(keyed)).toEqual(expected);
  });
});
