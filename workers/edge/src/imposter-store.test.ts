import { abortAllDurableObjects, runInDurableObject } from "cloudflare:test";
import type { JournalEntry } from "@mockctl/contract";
import { describe, expect, it } from "vitest";
import { freshPort, imposter, mbRequest, objectFor, rawObjectFor, send } from "../test/helpers.ts";
import { eventReader } from "../test/sse-reader.ts";
import { ImposterStore } from "./imposter-store.ts";
import { CHUNK_CHARS } from "./text-chunks.ts";

// Over SQLite's 2 MB row once `form` repeats it (curl's default Content-Type): the QA case was 1.1 MB.
const FORM = { "content-type": "application/x-www-form-urlencoded" };
/**
 * Longer than two chunks, with runs of emoji across the first two chunk boundaries, the second shifted by
 * one character: wherever the request's JSON puts the body, a boundary falls between a pair's halves.
 */
function longBody(tail: number): string {
  const run = "😀".repeat(1_000);
  return `${"a".repeat(CHUNK_CHARS - 1_000)}${run}${"a".repeat(CHUNK_CHARS - 1_999)}${run}${"b".repeat(tail)}`;
}

const rowCounts = (port: number) =>
  runInDurableObject(rawObjectFor(port), (_, state) =>
    ["journal", "journal_chunk"].map(
      (table) => state.storage.sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`).one().n,
    ),
  );

describe("a recorded request longer than a row", () => {
  it("is recorded and read back intact, counted once, also after a restart and in a replay", async () => {
    const port = freshPort();
    await objectFor(port).put(imposter(port, { recordRequests: true }));
    const body = longBody(300_000);
    const sent = await send(`/i/${port}/upload`, { method: "POST", body, headers: FORM });
    expect(sent.status).toBe(200);
    await send(`/i/${port}/short`);
    await abortAllDurableObjects();
    const record = await objectFor(port).read();
    expect(record?.state.numberOfRequests).toBe(2);
    expect(record?.state.requests.map((request) => request.path)).toEqual(["/upload", "/short"]);
    expect(record?.state.requests[0]?.body).toBe(body);
    expect(record?.state.requests[0]?.form).toEqual({ [body]: "" });
    const replay = eventReader((await objectFor(port).journal(0)) ?? new ReadableStream());
    const [, first] = (await replay.take(2)).map((event) => event.data as JournalEntry);
    expect(first?.request.body).toBe(body);
    const [rows, chunks] = await rowCounts(port);
    expect([rows, chunks]).toEqual([2, Math.ceil((2 * body.length) / CHUNK_CHARS)]); // body and form
  });

  it("leaves no chunks behind when the ring buffer drops it or the journal is reset", async () => {
    const port = freshPort();
    await objectFor(port).put(imposter(port, { recordRequests: true }));
    const paths = await runInDurableObject(rawObjectFor(port), (_, state) => {
      const store = new ImposterStore(state.storage, 2);
      const served = (path: string, body = "") => ({
        request: mbRequest({ path, body }),
        stubIndex: null,
        version: 1,
      });
      store.recordServed(1, {}, [served("/long", longBody(0))]);
      store.recordServed(3, {}, [served("/a"), served("/b")]);
      return store.requests().map((request) => request.path);
    });
    expect(paths).toEqual(["/a", "/b"]);
    expect(await rowCounts(port)).toEqual([2, 0]);
    await send(`/i/${port}/long`, { method: "POST", body: longBody(0) });
    expect((await rowCounts(port))[1]).toBeGreaterThan(0);
    await objectFor(port).resetRequests();
    expect(await rowCounts(port)).toEqual([0, 0]);
  });
});

describe("the journal an admin answer lists", () => {
  it("reaches back as far as its budget of characters allows, the newest always, in order", async () => {
    const port = freshPort();
    await objectFor(port).put(imposter(port, { recordRequests: true }));
    const listed = await runInDurableObject(rawObjectFor(port), (_, state) => {
      const served = (path: string, body = "") => ({
        request: mbRequest({ path, body }),
        stubIndex: null,
        version: 1,
      });
      const size = (path: string, body = "") => JSON.stringify(served(path, body).request).length;
      // A budget that holds the last two short entries, not the long one before them.
      const store = new ImposterStore(state.storage, 10, size("/b") + size("/c") + 1);
      store.recordServed(1, {}, [served("/a")]);
      store.recordServed(2, {}, [served("/long", longBody(0))]);
      store.recordServed(4, {}, [served("/b"), served("/c")]);
      const lists = [store.requests().map((request) => request.path)];
      store.recordServed(5, {}, [served("/huge", longBody(10))]);
      lists.push(store.requests().map((request) => request.path));
      return lists;
    });
    expect(listed).toEqual([["/b", "/c"], ["/huge"]]);
    expect(await rowCounts(port)).toEqual([5, 6]);
  });
});

describe("a journal written before long entries were chunked", () => {
  it("still reads, before and beside a chunked entry", async () => {
    const port = freshPort();
    await objectFor(port).put(imposter(port, { recordRequests: true }));
    const old = mbRequest({ path: "/old", timestamp: "2026-01-02T03:04:05.000Z" });
    await runInDurableObject(rawObjectFor(port), (_, state) => {
      // As the old code wrote it: the request's JSON in its one row, with no version.
      state.storage.sql.exec(
        "INSERT INTO journal (seq, request, stub) VALUES (1, ?, 0)",
        JSON.stringify(old),
      );
    });
    await abortAllDurableObjects();
    const body = longBody(0);
    await send(`/i/${port}/new`, { method: "POST", body });
    const requests = (await objectFor(port).read())?.state.requests ?? [];
    expect(requests.map((request) => request.path)).toEqual(["/old", "/new"]);
    expect(requests[0]).toEqual(old);
    expect(requests[1]?.body).toBe(body);
    const replay = eventReader((await objectFor(port).journal(0)) ?? new ReadableStream());
    const entries = (await replay.take(3)).slice(1).map((event) => event.data as JournalEntry);
    expect(entries.map((entry) => [entry.seq, entry.stubIndex, entry.request.path])).toEqual([
      [1, 0, "/old"],
      [2, null, "/new"],
    ]);
    expect(entries.map((entry) => "version" in entry)).toEqual([false, true]);
  });
});

describe("an empty journal, known without a query", () => {
  it("lists what is recorded after a reset, nothing after the next, and rows another store wrote", async () => {
    const port = freshPort();
    await objectFor(port).put(imposter(port, { recordRequests: true }));
    const listed = await runInDurableObject(rawObjectFor(port), (_, state) => {
      const store = new ImposterStore(state.storage);
      const timestamp = "2026-11-28T12:00:00.000Z";
      const served = (path: string) => ({
        request: mbRequest({ path, timestamp }),
        stubIndex: null,
        version: 1,
      });
      const paths = () => store.requests().map((request) => request.path);
      const seen: unknown[] = [paths(), store.lastRequestAt()];
      store.recordServed(1, {}, [served("/a")], Date.parse(timestamp));
      seen.push(paths(), store.entriesAfter(0).length, store.lastRequestAt() === Date.parse(timestamp));
      store.resetRequests(2);
      seen.push(paths(), store.entriesAfter(0).length, store.lastRequestAt());
      store.recordServed(1, {}, [served("/b")]);
      // A store opened on rows written by another (the object after a restart) reads them.
      seen.push(new ImposterStore(state.storage).requests().map((request) => request.path));
      return seen;
    });
    expect(listed).toEqual([[], undefined, ["/a"], 1, true, [], 0, undefined, ["/b"]]);
  });

  it("still lists the requests when a reset's transaction fails", async () => {
    const port = freshPort();
    await objectFor(port).put(imposter(port, { recordRequests: true }));
    const listed = await runInDurableObject(rawObjectFor(port), (_, state) => {
      const store = new ImposterStore(state.storage);
      store.recordServed(1, {}, [{ request: mbRequest({ path: "/kept" }), stubIndex: null, version: 1 }]);
      const commit = state.storage.transactionSync.bind(state.storage);
      state.storage.transactionSync = <T>(work: () => T): T =>
        commit(() => {
          work();
          throw new Error("storage full");
        });
      expect(() => store.resetRequests(2)).toThrow("storage full");
      state.storage.transactionSync = commit;
      return store.requests().map((request) => request.path);
    });
    expect(listed).toEqual(["/kept"]);
  });
});
