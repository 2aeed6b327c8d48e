import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call } from "../../test/client.ts";
import { created, hostedUrl, imposterObject, links, pretty, served, stubLink } from "../../test/helpers.ts";

// mb's validateImposterExists answer (util/middleware.js).
const NOT_FOUND = { errors: [{ code: "no such resource", message: "Try POSTing to /imposters first?" }] };
const recorded = { is: { statusCode: 201, _proxyResponseTime: 12 } };
const proxy = { proxy: { to: "http://localhost:1" } };
const stubs = [
  { responses: [{ is: { body: "x" } }, recorded] },
  { responses: [recorded] },
  { responses: [proxy] },
];

describe("GET /imposters/:id", () => {
  it("prints the full form with recorded requests", async () => {
    await created({ protocol: "http", port: 4641, name: "orders", recordRequests: true });
    await served(4641, "/a");
    const answer = await call("GET", "/imposters/4641");
    expect(answer.status).toBe(200);
    const { requests, ...rest } = answer.json;
    expect(requests).toMatchObject([{ method: "GET", path: "/a" }]);
    expect(pretty(rest)).toBe(
      pretty({
        protocol: "http",
        port: 4641,
        name: "orders",
        numberOfRequests: 1,
        recordRequests: true,
        stubs: [],
        url: hostedUrl(4641),
        _links: links(4641),
      }),
    );
  });

  it("drops runtime state and _proxyResponseTime with replayable=true", async () => {
    await created({ protocol: "http", port: 4641, stubs });
    const answer = await call("GET", "/imposters/4641?replayable=true");
    expect(answer.json).toEqual({
      protocol: "http",
      port: 4641,
      recordRequests: false,
      stubs: [
        { responses: [{ is: { body: "x" } }, { is: { statusCode: 201 } }] },
        { responses: [{ is: { statusCode: 201 } }] },
        { responses: [proxy] },
      ],
    });
  });

  it.each(["4699", "04641", "abc", "99999"])("answers 404 for %s", async (id) => {
    await created({ protocol: "http", port: 4641 });
    const answer = await call("GET", `/imposters/${id}`);
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual(NOT_FOUND);
  });
});

describe("DELETE /imposters/:id", () => {
  it("answers what it deleted, in the form the flags ask for", async () => {
    await created({ protocol: "http", port: 4620, name: "n" });
    const answer = await call("DELETE", "/imposters/4620?replayable=true");
    expect(answer.text).toBe(
      pretty({
        protocol: "http",
        port: 4620,
        name: "n",
        recordRequests: false,
        stubs: [],
      }),
    );
    expect((await call("GET", "/imposters/4620")).status).toBe(404);
  });

  it("answers 200 {} when there is no such imposter, as mb does", async () => {
    const answer = await call("DELETE", "/imposters/4699");
    expect(answer.status).toBe(200);
    expect(answer.text).toBe("{}");
  });

  it("frees the port for a new imposter", async () => {
    await created({ protocol: "http", port: 4620 });
    await call("DELETE", "/imposters/4620");
    await created({ protocol: "https", port: 4620 });
  });
});

describe("clearing what an imposter recorded", () => {
  it.each([
    "savedProxyResponses",
    "requests",
  ])("DELETE .../%s removes recorded proxy responses and empty stubs", async (path) => {
    await created({ protocol: "http", port: 4641, recordRequests: true, stubs });
    await served(4641);
    const answer = await call("DELETE", `/imposters/4641/${path}`);
    expect(answer.status).toBe(200);
    expect(answer.json.stubs).toEqual([
      { responses: [{ is: { body: "x" } }], _links: stubLink(4641, 0) },
      { responses: [proxy], _links: stubLink(4641, 1) },
    ]);
    // The deprecated alias does not clear requests (mountebank.js).
    expect(answer.json.numberOfRequests).toBe(1);
  });

  it("DELETE .../savedRequests clears requests and the counter", async () => {
    await created({ protocol: "http", port: 4641, recordRequests: true });
    await served(4641);
    const answer = await call("DELETE", "/imposters/4641/savedRequests");
    expect(answer.json).toMatchObject({ numberOfRequests: 0, requests: [] });
    expect((await imposterObject(4641).read())?.state.numberOfRequests).toBe(0);
  });

  it.each([
    "savedProxyResponses",
    "requests",
    "savedRequests",
  ])("DELETE .../%s answers 404 for a missing imposter", async (path) => {
    const answer = await call("DELETE", `/imposters/4699/${path}`);
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual(NOT_FOUND);
  });
});

describe("snapshot versions", () => {
  it("never reuse a version for another definition after a delete", async () => {
    await created({ protocol: "http", port: 4650, name: "first" });
    await call("DELETE", "/imposters/4650");
    await created({ protocol: "http", port: 4650, name: "second" });
    const pointer = await env.SNAPSHOTS.get("local:4650");
    expect(pointer).toBe("3");
    expect(await env.SNAPSHOTS.get("local:4650:1", "json")).toMatchObject({ name: "first" });
    expect(await env.SNAPSHOTS.get("local:4650:3", "json")).toMatchObject({ name: "second" });
  });
});
