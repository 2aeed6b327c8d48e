import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { call } from "../../test/client.ts";
import { created, stubLink } from "../../test/helpers.ts";

const is = (body: string) => ({ responses: [{ is: { body } }] });
const bodies = (answer: { json: { stubs: Array<{ responses: Array<{ is: { body: string } }> }> } }) =>
  answer.json.stubs.map((stub) => stub.responses[0]?.is.body);
const error = (message: string, source?: unknown) => ({
  errors: [source === undefined ? { code: "bad data", message } : { code: "bad data", message, source }],
});
const BAD_INDEX =
  "'stubIndex' must be a valid integer, representing the array index position of the stub to replace";
const BAD_POSITION = "'index' must be between 0 and the length of the stubs array";
const NO_STUB = "must contain 'stub' field";
const NO_RESPONSES = "'responses' must be a non-empty array";

beforeEach(async () => {
  await created({ protocol: "http", port: 4610, stubs: [is("a"), is("b")] });
});

// Every expected answer below is what mb 2.9.1 gave for the same call on the same stubs.
describe("POST /imposters/:id/stubs", () => {
  it("appends without an index and inserts at one", async () => {
    expect(bodies(await call("POST", "/imposters/4610/stubs", { body: { stub: is("c") } }))).toEqual([
      "a",
      "b",
      "c",
    ]);
    const answer = await call("POST", "/imposters/4610/stubs", { body: { index: 0, stub: is("d") } });
    expect(bodies(answer)).toEqual(["d", "a", "b", "c"]);
    expect(answer.json.stubs[3]._links).toEqual(stubLink(4610, 3));
  });

  it.each([
    [{ index: "0", stub: is("c") }, error(BAD_POSITION)],
    [{ index: 3, stub: is("c") }, error(BAD_POSITION)],
    [{ index: -1 }, { errors: [...error(BAD_POSITION).errors, ...error(NO_STUB).errors] }],
    [{}, error(NO_STUB)],
    ["", error(NO_STUB)],
    [[1], error(NO_STUB)],
    [{ stub: { responses: [] } }, error(NO_RESPONSES, { responses: [] })],
    [{ stub: {} }, error(NO_RESPONSES, {})],
  ])("refuses %j", async (body, expected) => {
    const answer = await call("POST", "/imposters/4610/stubs", { body });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual(expected);
  });
});

describe("PUT /imposters/:id/stubs/:stubIndex", () => {
  it("replaces one stub and publishes the new version", async () => {
    expect(bodies(await call("PUT", "/imposters/4610/stubs/1", { body: is("z") }))).toEqual(["a", "z"]);
    expect(await env.SNAPSHOTS.get("local:4610")).toBe("2");
  });

  it.each(["2", "abc", "01", "-1", "1.0"])("answers 404 bad data for index %s", async (index) => {
    const answer = await call("PUT", `/imposters/4610/stubs/${index}`, { body: { responses: [] } });
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual(error(BAD_INDEX));
  });

  it.each([
    [{ responses: [] }, { responses: [] }],
    ["", ""],
  ])("validates the new stub %j", async (body, source) => {
    const answer = await call("PUT", "/imposters/4610/stubs/0", { body });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual(error(NO_RESPONSES, source));
  });
});

describe("DELETE /imposters/:id/stubs/:stubIndex", () => {
  it("deletes one stub and renumbers the links", async () => {
    const answer = await call("DELETE", "/imposters/4610/stubs/0");
    expect(answer.json.stubs).toEqual([{ ...is("b"), _links: stubLink(4610, 0) }]);
  });

  it.each(["2", "-1"])("answers 404 bad data for index %s", async (index) => {
    const answer = await call("DELETE", `/imposters/4610/stubs/${index}`);
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual(error(BAD_INDEX));
  });
});

describe("PUT /imposters/:id/stubs", () => {
  it("replaces every stub", async () => {
    expect(bodies(await call("PUT", "/imposters/4610/stubs", { body: { stubs: [is("e")] } }))).toEqual(["e"]);
  });

  it.each([
    [{}, "'stubs' is a required field"],
    ["", "'stubs' is a required field"],
    [{ stubs: {} }, "'stubs' must be an array"],
    [{ stubs: "x" }, "'stubs' must be an array"],
  ])("refuses %j", async (body, message) => {
    const answer = await call("PUT", "/imposters/4610/stubs", { body });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual(error(message));
  });
});

describe("stub routes under a missing imposter", () => {
  it.each([
    ["POST", "/imposters/4699/stubs", { stub: is("x") }],
    ["PUT", "/imposters/4699/stubs", { stubs: [] }],
    ["PUT", "/imposters/4699/stubs/0", is("x")],
    ["DELETE", "/imposters/4699/stubs/0", undefined],
  ])("%s %s answers 404", async (method, path, body) => {
    const answer = await call(method, path, { body });
    expect(answer.status).toBe(404);
    expect(answer.json.errors[0]).toEqual({
      code: "no such resource",
      message: "Try POSTing to /imposters first?",
    });
  });
});
