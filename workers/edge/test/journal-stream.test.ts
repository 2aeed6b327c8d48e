import type { JournalEntry } from "@mockctl/contract";
import { describe, expect, it } from "vitest";
import { freshPort, imposter, is, mbRequest, objectFor, send } from "./helpers.ts";
import { eventReader } from "./sse-reader.ts";

const recording = (port: number) =>
  imposter(port, { recordRequests: true, stubs: [{ predicates: [{ equals: { path: "/a" } }], ...is("a") }] });

describe("the live journal (ImposterObject.journal)", () => {
  it("says hello, then sends every recorded request with the stub that answered it", async () => {
    const port = freshPort();
    await objectFor(port).put(recording(port));
    const stream = await objectFor(port).journal();
    expect(stream).not.toBeNull();
    const events = eventReader(stream!, ["version"]);
    expect(await events.take(1)).toEqual([{ event: "hello", data: { seq: 0, version: 1 } }]);
    await send(`/i/${port}/a?q=1`);
    await send(`/i/${port}/none`, { method: "POST", body: "x" });
    const [first, second] = (await events.take(2)).map((e) => e.data as JournalEntry);
    expect(first).toMatchObject({
      seq: 1,
      stubIndex: 0,
      request: { method: "GET", path: "/a", query: { q: "1" } },
    });
    expect(second).toMatchObject({
      seq: 2,
      stubIndex: null,
      request: { method: "POST", path: "/none", body: "x" },
    });
    expect(second?.at).toBe(second?.request.timestamp);
    // GET /imposters/:id keeps mb's shape: the stub index travels only in the stream.
    const record = await objectFor(port).read();
    expect(record?.state.requests).toEqual([first?.request, second?.request]);
  });

  it("names the stub a request matched even when its response failed (an inject that threw)", async () => {
    const port = freshPort();
    const stubs = [
      {
        predicates: [{ equals: { path: "/boom" } }],
        responses: [{ inject: "(config) => config.request.nope.x" }],
      },
    ];
    await objectFor(port).put(imposter(port, { recordRequests: true, stubs }));
    const events = eventReader((await objectFor(port).journal())!, ["version"]);
    await events.take(1);
    const answer = await send(`/i/${port}/boom`);
    expect(answer.status).toBe(500);
    await answer.text();
    await send(`/i/${port}/elsewhere`);
    const [failed, missed] = (await events.take(2)).map((e) => e.data as JournalEntry);
    expect(failed).toMatchObject({ stubIndex: 0, request: { path: "/boom" } });
    expect(missed).toMatchObject({ stubIndex: null, request: { path: "/elsewhere" } });
  });

  it("replays the retained requests after ?since= first, and counts on after a reset", async () => {
    const port = freshPort();
    await objectFor(port).put(recording(port));
    for (const path of ["/a", "/b", "/c"]) await send(`/i/${port}${path}`);
    const replayed = eventReader((await objectFor(port).journal(1))!, ["version"]);
    const [hello, ...rest] = await replayed.take(3);
    expect(hello).toMatchObject({ event: "hello", data: { seq: 3, version: expect.any(Number) } });
    expect(rest.map((e) => (e.data as JournalEntry).request.path)).toEqual(["/b", "/c"]);

    await objectFor(port).resetRequests();
    await send(`/i/${port}/d`);
    expect((await replayed.take(1))[0]?.data).toMatchObject({ seq: 4, request: { path: "/d" } });
    // A since beyond the last number (an object restarted with an empty journal) replays what is kept.
    const [, again] = await eventReader((await objectFor(port).journal(99))!, ["version"]).take(2);
    expect(again?.data).toMatchObject({ seq: 4 });
  });

  // The dashboard labelled old entries against today's stubs: after a proxy recorded (or an edit), "stub #0"
  // named another stub than the one that answered. Each entry now says which version's stubs it indexes.
  it("tells which version of the stubs each entry's index is into, live and replayed", async () => {
    const port = freshPort();
    const first = await objectFor(port).put(recording(port));
    const events = eventReader((await objectFor(port).journal())!, ["version"]);
    await events.take(1);
    await send(`/i/${port}/a`);
    const changed = await objectFor(port).addStub({ responses: [{ is: { body: "new" } }] }, 0);
    expect(changed.ok).toBe(true);
    await send(`/i/${port}/a`);
    const live = (await events.take(2)).map((e) => e.data as JournalEntry);
    expect(live.map((entry) => [entry.stubIndex, entry.version])).toEqual([
      [0, first.version],
      [0, first.version + 1],
    ]);
    const replayed = (await eventReader((await objectFor(port).journal(0))!, ["version"]).take(3)).slice(1);
    expect(replayed.map((e) => (e.data as JournalEntry).version)).toEqual([first.version, first.version + 1]);
  });

  it("ends every stream cleanly when the imposter is deleted, and has none for an unknown one", async () => {
    const port = freshPort();
    await objectFor(port).put(recording(port));
    const events = eventReader((await objectFor(port).journal())!, ["version"]);
    await events.take(1);
    await objectFor(port).remove();
    expect(await events.ended()).toBe(true);
    expect(await objectFor(port).journal()).toBeNull();
  });

  it("sends nothing for an imposter that does not record requests, as mb records nothing", async () => {
    const port = freshPort();
    await objectFor(port).put(imposter(port, { stubs: [is("a")] }));
    const events = eventReader((await objectFor(port).journal())!, ["version"]);
    await events.take(1);
    await send(`/i/${port}/a`);
    await objectFor(port).put(recording(port));
    await send(`/i/${port}/b`);
    expect((await events.take(1))[0]?.data).toMatchObject({ seq: 1, request: { path: "/b" } });
  });
});

describe("ImposterObject.explain", () => {
  it("answers the near-miss view of the current stubs, and no such resource without an imposter", async () => {
    const port = freshPort();
    const request = mbRequest({ path: "/b" });
    expect(await objectFor(port).explain(request)).toMatchObject({
      ok: false,
      errors: [{ code: "no such resource" }],
    });
    await objectFor(port).put(recording(port));
    expect(await objectFor(port).explain(request)).toEqual({
      ok: true,
      value: {
        stubIndex: null,
        nearMisses: [
          {
            stubIndex: 0,
            predicateIndex: 0,
            predicate: { equals: { path: "/a" } },
            field: "path",
            operator: "equals",
            expected: "/a",
            actual: "/b",
          },
        ],
      },
    });
  });

  it("returns a matching error as a result, not a thrown one", async () => {
    const port = freshPort();
    await objectFor(port).put(
      imposter(port, { stubs: [{ predicates: [{ equals: { path: "/a" }, except: "[" }], ...is("a") }] }),
    );
    const answer = await objectFor(port).explain(mbRequest());
    expect(answer).toMatchObject({ ok: false, errors: [{ code: "bad data" }] });
  });
});
