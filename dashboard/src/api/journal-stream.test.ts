import { describe, expect, it } from "vitest";
import { createApi } from "./client.ts";
import { followStream } from "./journal-stream.ts";
import type { JournalEntry } from "./types.ts";

const request = { requestFrom: "", method: "GET", path: "/a", query: {}, headers: {}, body: "", ip: "" };
const event = (seq: number, stubIndex: number | null) =>
  `event: request\ndata: ${JSON.stringify({ seq, at: "2026-11-24T10:00:00.000Z", request, stubIndex })}\n\n`;

/** A platform answering the stream route with `chunks` (split anywhere), or with 404 when undefined. */
function platform(chunks: string[] | undefined) {
  const urls: string[] = [];
  const fetchImpl = async (input: RequestInfo | URL) => {
    urls.push(String(input));
    if (chunks === undefined) return new Response("{}", { status: 404 });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    });
    return new Response(body, { headers: { "content-type": "text/event-stream" } });
  };
  return { api: createApi({ base: "", token: "t" }, fetchImpl as typeof fetch), urls };
}

describe("followStream", () => {
  it("hands over the replayed and live entries with the stub that answered, across chunk boundaries", async () => {
    const stream = `event: hello\ndata: {"seq":2}\n\n${event(1, 0)}: keep-alive\n\n${event(2, null)}`;
    const { api, urls } = platform([stream.slice(0, 50), stream.slice(50, 140), stream.slice(140)]);
    const got: JournalEntry[] = [];
    let opened = false;
    const outcome = await followStream(
      api,
      4545,
      7,
      {
        onOpen: () => {
          opened = true;
        },
        onEntries: (b) => got.push(...b),
      },
      new AbortController().signal,
    );
    expect([outcome, opened]).toEqual(["ended", true]);
    expect(got.map((entry) => [entry.seq, entry.stubIndex])).toEqual([
      [1, 0],
      [2, null],
    ]);
    expect(urls).toEqual(["/imposters/4545/requests/stream?since=7"]);
  });

  it("tells the imposter's version from hello, and from each version event, the newest of a batch", async () => {
    const { api } = platform([
      'event: hello\ndata: {"seq":0,"version":3}\n\nevent: version\ndata: {"version":4}\n\n',
      'event: version\ndata: {"version":5}\n\n',
    ]);
    const versions: number[] = [];
    const handlers = { onOpen: () => {}, onEntries: () => {}, onVersion: (v: number) => versions.push(v) };
    await followStream(api, 4545, 0, handlers, new AbortController().signal);
    expect(versions[0]).toBe(3);
    expect(versions.at(-1)).toBe(5);
  });

  it("hands over what proxies recorded (`event: stubs`) after the entries of the same batch", async () => {
    const stubs = { at: "2026-11-24T10:00:01.000Z", stubIndex: 0, proxyIndex: 1, count: 2 };
    const { api } = platform([`event: stubs\ndata: ${JSON.stringify(stubs)}\n\n${event(1, 0)}`]);
    const order: string[] = [];
    const handlers = {
      onOpen: () => {},
      onEntries: (batch: JournalEntry[]) => order.push(`entries ${batch.length}`),
      onStubs: (batch: unknown[]) => order.push(`stubs ${JSON.stringify(batch)}`),
    };
    await followStream(api, 4545, 0, handlers, new AbortController().signal);
    expect(order).toEqual(["entries 1", `stubs ${JSON.stringify([stubs])}`]);
  });

  it("says when the platform has no stream, so the page falls back to reloading", async () => {
    const { api } = platform(undefined);
    const outcome = await followStream(
      api,
      4545,
      0,
      { onOpen: () => {}, onEntries: () => {} },
      new AbortController().signal,
    );
    expect(outcome).toBe("unsupported");
  });
});
