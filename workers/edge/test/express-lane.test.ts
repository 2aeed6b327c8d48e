import { env } from "cloudflare:workers";
import { gzipSync } from "node:zlib";
import { OWN_PORT_HEADER } from "@mockctl/contract";
import { describe, expect, it } from "vitest";
import { LANE_ANSWERS, LONGEST_LANE_KEY, lanedUrls, laneOf } from "../src/express-lane.ts";
import { PAGE_SANDBOX } from "../src/page-sandbox.ts";
import { freshPort, imposter, is, objectFor, send } from "./helpers.ts";

const on = (predicate: Record<string, unknown>, body: string) => ({ predicates: [predicate], ...is(body) });
const urlOf = (port: number, path: string) => `http://127.0.0.1:2525/i/${port}${path}`;
const post = (body: BodyInit, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  body,
  headers,
});
const text = async (path: string, init?: RequestInit) => (await send(path, init)).text();

describe("the express lane", () => {
  it("lanes a repeated body hit, answers it as the memo did, and counts every request", async () => {
    const port = freshPort();
    const stubs = [on({ equals: { body: { user: { id: "u-1" } } } }, "user 1"), is("other")];
    await objectFor(port).put(imposter(port, { stubs }));
    const body = JSON.stringify({ user: { id: "u-1", name: "Ann" } });
    expect(laneOf(urlOf(port, "/users"), "POST", env)).toBeUndefined();
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await text(`/i/${port}/users`, post(body)));
    expect(answers).toEqual(["user 1", "user 1", "user 1", "user 1"]);
    expect(laneOf(urlOf(port, "/users"), "POST", env)?.answers.size).toBe(1);
    expect(await text(`/i/${port}/users`, post('{"user":{"id":"u-2"}}'))).toBe("other");
    expect((await objectFor(port).read())?.state.numberOfRequests).toBe(5);
  });

  it("is left at once when the imposter changes", async () => {
    const port = freshPort();
    const object = objectFor(port);
    await object.put(imposter(port, { stubs: [on({ equals: { body: "b" } }, "one")] }));
    expect([await text(`/i/${port}/`, post("b")), await text(`/i/${port}/`, post("b"))]).toEqual([
      "one",
      "one",
    ]);
    expect(laneOf(urlOf(port, "/"), "POST", env)).toBeDefined();
    await object.replaceStubs([on({ equals: { body: "b" } }, "two")]);
    // Dropped with the entry it was made from, before any request asks for it: it held the old engine.
    expect(lanedUrls()).not.toContain(urlOf(port, "/"));
    expect(await text(`/i/${port}/`, post("b"))).toBe("two");
    await object.remove();
    expect((await send(`/i/${port}/`, post("b"))).status).toBe(404);
  });

  it("never holds an imposter that requires a key", async () => {
    const port = freshPort();
    const requireKey = { header: "x-mock-key", value: "k" };
    await objectFor(port).put(imposter(port, { requireKey, stubs: [is("secret")] }));
    for (let i = 0; i < 3; i++)
      expect(await text(`/i/${port}/`, { headers: { "x-mock-key": "k" } })).toBe("secret");
    expect(laneOf(urlOf(port, "/"), "GET", env)).toBeUndefined();
    expect((await send(`/i/${port}/`)).status).toBe(401);
  });

  it("sandboxes a page opened on the admin's origin though its URL is laned", async () => {
    const port = freshPort();
    await objectFor(port).put(imposter(port, { stubs: [is("<p>page</p>")] }));
    await send(`/i/${port}/`);
    await send(`/i/${port}/`);
    expect(laneOf(urlOf(port, "/"), "GET", env)).toBeDefined();
    const page = await send(`/i/${port}/`, { headers: { "sec-fetch-dest": "document" } });
    expect(page.headers.get("content-security-policy")).toBe(PAGE_SANDBOX);
    expect(await page.text()).toBe("<p>page</p>");
    expect((await send(`/i/${port}/`)).headers.get("content-security-policy")).toBeNull();
  });

  it("decodes an encoded body the full way, and tells methods apart", async () => {
    const port = freshPort();
    const stubs = [
      on({ equals: { method: "PUT", body: "exact" } }, "put exact"),
      on({ equals: { body: "exact" } }, "exact"),
      is("other"),
    ];
    await objectFor(port).put(imposter(port, { stubs }));
    for (let round = 0; round < 2; round++) {
      expect(await text(`/i/${port}/`, post("exact"))).toBe("exact");
      expect(await text(`/i/${port}/`, post(gzipSync("exact"), { "content-encoding": "gzip" }))).toBe(
        "exact",
      );
      expect(await text(`/i/${port}/`, post(gzipSync("exact")))).toBe("other");
      expect(await text(`/i/${port}/`, { method: "PUT", body: "exact" })).toBe("put exact");
    }
  });

  it("keys a lane by the values of the headers the stubs read", async () => {
    const port = freshPort();
    const stubs = [on({ equals: { headers: { "x-team": "a" } } }, "team a"), is("no team")];
    await objectFor(port).put(imposter(port, { stubs }));
    const asked: Array<Record<string, string>> = [
      { "x-team": "a" },
      { "x-team": "b" },
      {},
      { "X-Team": "a" },
      { "x-team": "A" },
    ];
    const answers = [];
    for (let round = 0; round < 2; round++)
      for (const headers of asked) answers.push(await text(`/i/${port}/p`, { headers }));
    // mb's equals ignores case unless caseSensitive: "A" is team a, through the lane or not.
    const once = ["team a", "no team", "no team", "team a", "team a"];
    expect(answers).toEqual([...once, ...once]);
    expect(laneOf(urlOf(port, "/p"), "GET", env)?.answers.size).toBe(4);
  });

  it("addresses a request forwarded from an own port by that port, never by a laned URL", async () => {
    const port = freshPort();
    await objectFor(port).put(imposter(port, { stubs: [is("laned")] }));
    await send(`/i/${port}/x`);
    await send(`/i/${port}/x`);
    expect(laneOf(urlOf(port, "/x"), "GET", env)).toBeDefined();
    const ownPort = (value: number) =>
      send(`/i/${port}/x`, { headers: { [OWN_PORT_HEADER]: String(value) } });
    expect(await (await ownPort(port)).text()).toBe("laned");
    // A URL that names another port than the one it came in on names no imposter: the admin's (an echo here).
    expect(await (await ownPort(port + 1)).json()).toMatchObject({ admin: true });
  });

  it("answers more bodies than a lane holds, and bodies too long for it, the full way", async () => {
    const port = freshPort();
    const count = LANE_ANSWERS + 4;
    const long = "x".repeat(LONGEST_LANE_KEY + 1);
    const stubs = [
      ...Array.from({ length: count }, (_, i) => on({ equals: { body: `b${i}` } }, `answer ${i}`)),
      on({ equals: { body: long } }, "long"),
    ];
    await objectFor(port).put(imposter(port, { stubs }));
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < count; i++) expect(await text(`/i/${port}/`, post(`b${i}`))).toBe(`answer ${i}`);
      expect(await text(`/i/${port}/`, post(long))).toBe("long");
    }
    expect(laneOf(urlOf(port, "/"), "POST", env)?.answers.size).toBe(LANE_ANSWERS);
  });
});
