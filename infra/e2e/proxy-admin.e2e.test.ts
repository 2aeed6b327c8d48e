import { freePort } from "@mockctl/differential";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { admin, adminView, type Side, type Sides, startSides } from "./proxy-sides.ts";

/**
 * The admin API's proxy flags against real Mountebank 2.9.1: after both recorded the same answers,
 * every form with `removeProxies`, the replayable form, and `savedProxyResponses` deletion answer alike.
 * The tests run in order on one imposter; the last deletes every imposter of both servers.
 */
let sides: Sides;
let port = 0;
const both = () => [sides.mb, sides.ours] as const;

async function compare(method: string, path: string, pick: (json: unknown) => unknown = (json) => json) {
  const [theirs, ours] = await Promise.all(both().map((side: Side) => admin(side, method, path)));
  expect(ours?.status, `${method} ${path}`).toBe(theirs?.status);
  expect(adminView(pick(ours?.json)), `${method} ${path}`).toEqual(adminView(pick(theirs?.json)));
  return ours?.json;
}

/** This file's imposter in a list answer: the servers may hold others. */
const ours = (json: unknown) =>
  (json as { imposters: Array<{ port: number }> }).imposters.filter((imposter) => imposter.port === port);

beforeAll(async () => {
  sides = await startSides();
  port = await freePort();
  const stubs = [
    { predicates: [{ equals: { path: "/fixed" } }], responses: [{ is: { body: "fixed" } }] },
    { responses: [{ proxy: { to: sides.origin.url, predicateGenerators: [{ matches: { path: true } }] } }] },
  ];
  for (const side of both()) {
    await admin(side, "POST", "/imposters", { protocol: "http", port, stubs });
    for (const path of ["/a", "/json", "/a"]) await side.request(port, { method: "GET", path });
  }
});

afterAll(() => sides?.stop());

describe("e2e differential: proxy flags of the admin API", () => {
  it("GET /imposters/:id, full and replayable, with and without removeProxies", async () => {
    for (const query of [
      "",
      "?removeProxies=true",
      "?replayable=true",
      "?replayable=true&removeProxies=true",
    ]) {
      await compare("GET", `/imposters/${port}${query}`);
    }
  });

  it("GET /imposters?replayable=true&removeProxies=true and the list form", async () => {
    await compare("GET", "/imposters?replayable=true&removeProxies=true", ours);
    await compare("GET", "/imposters?replayable=true", ours);
    await compare("GET", "/imposters?removeProxies=true", ours);
  });

  it("the replayable form carries no url, the full form does", async () => {
    const replayable = await admin(sides.ours, "GET", `/imposters/${port}?replayable=true`);
    expect(replayable.json).not.toHaveProperty("url");
    expect((await admin(sides.ours, "GET", `/imposters/${port}`)).json).toHaveProperty("url");
  });

  it("DELETE /imposters/:id/savedProxyResponses keeps the proxy and the stub in front", async () => {
    const json = (await compare("DELETE", `/imposters/${port}/savedProxyResponses`)) as { stubs: unknown[] };
    expect(json.stubs).toHaveLength(2);
    // The proxy records again after the deletion.
    for (const side of both()) await side.request(port, { method: "GET", path: "/b" });
    await compare("GET", `/imposters/${port}?replayable=true`);
  });

  it("DELETE /imposters?removeProxies=true answers the replayable form without proxies", async () => {
    await compare("DELETE", "/imposters?removeProxies=true", ours);
  });
});
