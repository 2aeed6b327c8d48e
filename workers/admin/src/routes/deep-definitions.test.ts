import { describe, expect, it } from "vitest";
import { call } from "../../test/client.ts";
import { created } from "../../test/helpers.ts";

// Issue 15, part 3: a definition nested 200,000 levels deep used to reach the imposter object and
// overflow the stack there (500 internal error; Mountebank's process dies of it). The core refuses it.
const deep = "[".repeat(200_000) + "]".repeat(200_000);
const deepStub = `{"responses":[{"is":{"body":${deep}}}]}`;
const refusal = {
  errors: [
    { code: "bad data", message: "an imposter may be nested at most 400 levels deep; this one is deeper" },
  ],
};

const ROUTES: Array<[string, string, string]> = [
  ["POST", "/imposters", `{"protocol":"http","port":4790,"stubs":[${deepStub}]}`],
  ["POST", "/imposters", `{"protocol":"http","port":4790,"x":${deep}}`],
  ["PUT", "/imposters", `{"imposters":[{"protocol":"http","port":4790,"stubs":[${deepStub}]}]}`],
  ["PUT", "/imposters/4780/stubs", `{"stubs":[${deepStub}]}`],
  ["POST", "/imposters/4780/stubs", `{"stub":${deepStub}}`],
  ["PUT", "/imposters/4780/stubs/0", deepStub],
];

describe("a definition nested deeper than any stack", () => {
  it.each(ROUTES)("%s %s is refused with bad data and changes nothing", async (method, path, body) => {
    await created({ protocol: "http", port: 4780, stubs: [{ responses: [{ is: { body: "kept" } }] }] });
    const before = await call("GET", "/imposters?replayable=true");
    const answer = await call(method, path, { body });
    expect([answer.status, answer.json]).toEqual([400, refusal]);
    expect((await call("GET", "/imposters?replayable=true")).text).toBe(before.text);
    await call("DELETE", "/imposters/4780");
  });
});
