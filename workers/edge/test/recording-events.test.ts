import type { JournalEntry, JournalStubs } from "@mockctl/contract";
import { describe, expect, it } from "vitest";
import { objectFor, send } from "./helpers.ts";
import { create, proxyTo, stubsOf } from "./proxy-helpers.ts";
import { eventReader } from "./sse-reader.ts";

const plain = { predicates: [{ equals: { path: "/plain" } }], responses: [{ is: { body: "p" } }] };

// The dashboard shows recorded stubs as they arrive from these events (journal-api.ts, `stubs`).
describe("the live journal's stubs events", { timeout: 20_000 }, () => {
  it("proxyOnce: after the proxied request, where the answer was saved and where its proxy is now", async () => {
    const port = await create([plain, proxyTo("http://echo.test")], { recordRequests: true });
    const events = eventReader((await objectFor(port).journal())!, ["version"]);
    await events.take(1);
    const before = Date.now();
    await send(`/i/${port}/a`);
    const [request, stubs] = await events.take(2);
    expect(request?.event).toBe("request");
    expect((request?.data as JournalEntry).stubIndex).toBe(1);
    expect(stubs?.event).toBe("stubs");
    const change = stubs?.data as JournalStubs;
    expect(change).toMatchObject({ stubIndex: 1, proxyIndex: 2, count: 3 });
    expect(Date.parse(change.at)).toBeGreaterThanOrEqual(before - 1);
    const saved = await stubsOf(port);
    expect(saved[1]?.predicates).toEqual([{ deepEquals: { path: "/a" } }]);
    expect(saved[2]?.responses[0]?.proxy).toBeDefined();
  });

  it("tells of the imposter's new version with each recording, before its stubs event", async () => {
    const port = await create([plain, proxyTo("http://echo.test")], { recordRequests: true });
    const events = eventReader((await objectFor(port).journal())!);
    await events.take(1);
    await send(`/i/${port}/a`);
    const seen = await events.take(3);
    expect(seen.map((e) => e.event)).toEqual(["request", "version", "stubs"]);
    const { version } = seen[1]?.data as { version: number };
    expect((seen[0]?.data as JournalEntry).version).toBe(version - 1);
  });

  it("proxyAlways: a new stub at the end, then appends to it; sent without recordRequests too", async () => {
    const port = await create([proxyTo("http://echo.test", { mode: "proxyAlways" }), plain]);
    const events = eventReader((await objectFor(port).journal())!, ["version"]);
    await events.take(1);
    for (const path of ["/a", "/b", "/a"]) await send(`/i/${port}${path}`);
    const changes = (await events.take(3)).map((e) => [e.event, (e.data as JournalStubs).stubIndex]);
    expect(changes).toEqual([
      ["stubs", 2],
      ["stubs", 3],
      ["stubs", 2],
    ]);
    expect((await stubsOf(port)).map((stub) => stub.responses.length)).toEqual([1, 1, 2, 1]);
  });

  it("proxyTransparent and stubs that answer from the definition send none", async () => {
    const port = await create([plain, proxyTo("http://echo.test", { mode: "proxyTransparent" })], {
      recordRequests: true,
    });
    const events = eventReader((await objectFor(port).journal())!, ["version"]);
    await events.take(1);
    await send(`/i/${port}/a`);
    await send(`/i/${port}/plain`);
    expect((await events.take(2)).map((e) => e.event)).toEqual(["request", "request"]);
  });
});
