import { describe, expect, it } from "vitest";
import { freshPort, imposter, is, objectFor, send } from "./helpers.ts";

// A request the route memo misses reaches the core with only the headers its key holds when the answer
// needs no more (route-memo.ts's `narrow`); these are the cases where more is needed, or the answer differs.
const keyed = { predicates: [{ equals: { body: "x", headers: { "x-b": "1" } } }] };
const headers = { "x-a": "one", "x-b": "1", "x-c": "three" };
/** A stub on the client's address keeps an imposter off the memo: every answer of it is matched anew. */
const neverRemembered = { predicates: [{ equals: { ip: "never" } }], ...is("ip") };

describe("a request the memo misses", () => {
  it("is recorded with every header it carries, though the stubs read one of them", async () => {
    const port = freshPort();
    const stubs = [{ ...keyed, responses: [{ is: { body: "matched" } }] }];
    await objectFor(port).put(imposter(port, { recordRequests: true, stubs }));
    for (const body of ["x", "y"]) await send(`/i/${port}/p`, { method: "POST", body, headers });
    const record = await objectFor(port).read();
    const recorded = record?.state.requests.map((request) => request.headers);
    expect(recorded).toEqual([expect.objectContaining(headers), expect.objectContaining(headers)]);
  });

  // mb's verification set-up: an imposter that only records. With no stub to ask whether it keeps state,
  // the recording itself must keep the request whole.
  it.each([
    ["no stubs", []],
    ["a stub that does not match", [{ predicates: [{ equals: { path: "/elsewhere" } }], ...is("no") }]],
  ])("is recorded with every header by a recording imposter with %s, with or without a body", async (_, stubs) => {
    const port = freshPort();
    await objectFor(port).put(imposter(port, { recordRequests: true, stubs }));
    await send(`/i/${port}/a`, { headers: { authorization: "Bearer t" } });
    await send(`/i/${port}/a`, { method: "DELETE", headers: { authorization: "Bearer t" } });
    await send(`/i/${port}/a`, { method: "POST", body: "x", headers: { authorization: "Bearer t" } });
    const record = await objectFor(port).read();
    const recorded = record?.state.requests.map((request) => request.headers.authorization);
    expect(recorded).toEqual(["Bearer t", "Bearer t", "Bearer t"]);
  });

  it("answers by the keyed headers as an imposter kept off the memo answers", async () => {
    const copy = {
      from: { headers: "x-a" },
      into: "$A",
      using: { method: "regex" as const, selector: ".+" },
    };
    const stubs = [{ ...keyed, responses: [{ is: { body: "a=$A" }, behaviors: [{ copy }] }] }, is("other")];
    const [narrow, whole] = [freshPort(), freshPort()];
    await objectFor(narrow).put(imposter(narrow, { stubs }));
    await objectFor(whole).put(imposter(whole, { stubs: [neverRemembered, ...stubs] }));
    const asked: Record<string, string>[] = [
      { "x-a": "1", "x-b": "1" },
      { "X-A": "2", "X-B": "1", "x-c": "3" },
      { "x-b": "1", "x-c": "3" },
      { "x-a": "4" },
    ];
    const answers = async (port: number) => {
      const texts: string[] = [];
      for (const headers of asked) {
        texts.push(await (await send(`/i/${port}/p`, { method: "POST", body: "x", headers })).text());
      }
      return texts;
    };
    const expected = await answers(whole);
    expect(new Set(expected).size).toBe(4);
    expect(await answers(narrow)).toEqual(expected);
  });
});
