import { beforeEach, describe, expect, it } from "vitest";
import { call } from "../../test/client.ts";
import { created } from "../../test/helpers.ts";

const is = (body: string) => ({ responses: [{ is: { body } }] });
const bodiesNow = async () =>
  (await call("GET", "/imposters/4611")).json.stubs.map(
    (stub: { responses: Array<{ is: { body: string } }> }) => stub.responses[0]?.is.body,
  );
const etagNow = async () => (await call("GET", "/imposters/4611")).headers.get("etag") ?? "";

beforeEach(async () => {
  await created({ protocol: "http", port: 4611, stubs: [is("a"), is("b")] });
});

// Every stub change, sent against the version it read.
const CHANGES: Array<[string, string, unknown, string[]]> = [
  ["PUT", "/imposters/4611/stubs", { stubs: [is("c")] }, ["c"]],
  ["POST", "/imposters/4611/stubs", { stub: is("c") }, ["a", "b", "c"]],
  ["PUT", "/imposters/4611/stubs/0", is("c"), ["c", "b"]],
  ["DELETE", "/imposters/4611/stubs/0", undefined, ["b"]],
];

describe("If-Match on stub changes (ours: mb has no versions)", () => {
  it("gives every printed imposter its version as ETag, and a change a new one", async () => {
    const first = await etagNow();
    expect(first).toMatch(/^"\d+"$/);
    const answer = await call("POST", "/imposters/4611/stubs", { body: { stub: is("c") } });
    expect(answer.headers.get("etag")).toMatch(/^"\d+"$/);
    expect(answer.headers.get("etag")).not.toBe(first);
    expect(await etagNow()).toBe(answer.headers.get("etag"));
  });

  it.each(CHANGES)("%s %s applies against the current version", async (method, path, body, after) => {
    const answer = await call(method, path, { body, headers: { "if-match": await etagNow() } });
    expect(answer.status).toBe(200);
    expect(await bodiesNow()).toEqual(after);
  });

  it.each(CHANGES)("%s %s changes nothing once the imposter moved on: 412", async (method, path, body) => {
    const read = await etagNow();
    // Another change in between, as a proxy's recording or another client's would be.
    await call("POST", "/imposters/4611/stubs", { body: { stub: is("x") } });
    const current = await etagNow();
    const answer = await call(method, path, { body, headers: { "if-match": read } });
    expect(answer.status).toBe(412);
    expect(answer.json.errors).toEqual([
      {
        code: "precondition failed",
        message: `the imposter changed since version ${JSON.parse(read)} (it is at version ${JSON.parse(current)}): read it again and make your change to that`,
        data: { version: Number(JSON.parse(current)) },
      },
    ]);
    expect(await bodiesNow()).toEqual(["a", "b", "x"]);
    expect(await etagNow()).toBe(current);
  });

  it.each(['W/"%v"', "*"])("takes %s as well", async (form) => {
    const version = JSON.parse(await etagNow());
    const header = form.replace("%v", version);
    const answer = await call("PUT", "/imposters/4611/stubs/1", {
      body: is("w"),
      headers: { "if-match": header },
    });
    expect(answer.status).toBe(200);
    expect(await bodiesNow()).toEqual(["a", "w"]);
  });

  it.each([
    "7",
    '"seven"',
    '"1", "2"',
    "",
  ])("refuses the malformed If-Match %j and changes nothing", async (header) => {
    const before = await etagNow();
    const answer = await call("PUT", "/imposters/4611/stubs", {
      body: { stubs: [] },
      headers: { "if-match": header },
    });
    expect(answer.status).toBe(400);
    expect(answer.json.errors[0].code).toBe("bad data");
    expect(answer.json.errors[0].message).toContain("If-Match must be one ETag");
    expect(await bodiesNow()).toEqual(["a", "b"]);
    expect(await etagNow()).toBe(before);
  });
});
