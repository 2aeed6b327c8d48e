import { KEEP_ALIVE_MS } from "@mockctl/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { JournalFeed, MAX_BACKLOG } from "./journal-feed.ts";

const decoder = new TextDecoder();
const request = { requestFrom: "", method: "GET", path: "/", query: {}, headers: {}, body: "", ip: "" };
const entry = (seq: number) => ({ seq, at: "2026-11-24T23:00:00.000Z", request, stubIndex: null });

async function readText(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<string> {
  const { value } = await reader.read();
  return decoder.decode(value);
}

describe("JournalFeed", () => {
  afterEach(() => vi.useRealTimers());

  it("writes a keep-alive comment every KEEP_ALIVE_MS while someone listens, and stops with the last one", async () => {
    vi.useFakeTimers();
    const feed = new JournalFeed();
    const reader = feed.open(0, [], 1).getReader();
    expect(await readText(reader)).toBe('event: hello\ndata: {"seq":0,"version":1}\n\n');
    vi.advanceTimersByTime(KEEP_ALIVE_MS);
    expect(await readText(reader)).toBe(": keep-alive\n\n");
    await reader.cancel();
    await vi.waitFor(() => expect(feed.listeners).toBe(0));
    expect(vi.getTimerCount()).toBe(0);
  });

  it("replays more than MAX_BACKLOG retained entries to a reader that starts reading after open", async () => {
    const feed = new JournalFeed();
    const count = MAX_BACKLOG * 3;
    const replay = Array.from({ length: count }, (_, i) => entry(i + 1));
    const reader = feed.open(count, replay, 1).getReader();
    let text = "";
    while ((text.match(/event: request/g) ?? []).length < count) text += await readText(reader);
    const seqs = [...text.matchAll(/"seq":(\d+),"at"/g)].map((match) => Number(match[1]));
    expect(seqs).toEqual(replay.map((e) => e.seq));
    expect(feed.listeners).toBe(1);
    feed.close();
  });

  it("ends a stream whose reader fell more than MAX_BACKLOG events behind, and keeps the others", async () => {
    const feed = new JournalFeed();
    const stalled = feed.open(0, [], 1);
    const reader = feed.open(0, [], 1).getReader();
    await readText(reader);
    for (let seq = 1; seq <= MAX_BACKLOG + 2; seq++) {
      feed.publish([entry(seq)]);
      expect(await readText(reader)).toContain(`"seq":${seq}`);
    }
    expect(feed.listeners).toBe(1);
    await expect(stalled.getReader().read()).rejects.toThrow("fell too far behind");
    feed.close();
    expect((await reader.read()).done).toBe(true);
  });

  it("sends a proxy's recording as a `stubs` event to every listener, and nothing with none", async () => {
    const feed = new JournalFeed();
    const change = { at: "2026-11-25T02:00:00.000Z", stubIndex: 0, proxyIndex: 1, count: 2 };
    feed.publishStubs(change);
    const reader = feed.open(0, [], 1).getReader();
    await readText(reader);
    feed.publishStubs(change);
    expect(await readText(reader)).toBe(`event: stubs\ndata: ${JSON.stringify(change)}\n\n`);
    feed.close();
  });
});
