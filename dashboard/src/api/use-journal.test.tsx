import { cleanup, renderHook, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { sseResponse } from "../testing/sse-response.ts";
import { createApi } from "./client.ts";
import type { JournalEntry, MbRequest } from "./types.ts";
import { appendNewer, useJournal } from "./use-journal.ts";

const request = { requestFrom: "", method: "GET", path: "/a", query: {}, headers: {}, body: "", ip: "" };
const entry = (seq: number): JournalEntry => ({
  seq,
  at: "2026-11-24T10:00:00.000Z",
  request: request as MbRequest,
  stubIndex: 0,
});

afterEach(cleanup);

describe("appendNewer", () => {
  it("drops what a stream followed again replays twice", () => {
    expect(appendNewer([entry(1), entry(2)], [entry(2), entry(3)]).map((e) => e.seq)).toEqual([1, 2, 3]);
  });
});

describe("useJournal", () => {
  it("asks where the journal is, then replays only its newest 1,500 entries (the platform ends longer replays)", async () => {
    const urls: string[] = [];
    const fetchImpl = async (input: RequestInfo | URL) => {
      const url = String(input);
      urls.push(url);
      if (!url.includes("since=")) return sseResponse('event: hello\ndata: {"seq":9000}\n\n');
      if (url.endsWith("since=7500"))
        return sseResponse(
          `event: hello\ndata: {"seq":9000}\n\n${[7501, 7502].map((s) => `event: request\ndata: ${JSON.stringify(entry(s))}\n\n`).join("")}`,
          false,
        );
      return new Promise<Response>(() => {});
    };
    const api = createApi({ base: "", token: undefined }, fetchImpl as typeof fetch);
    const { result } = renderHook(() => useJournal(api, 4545));
    await waitFor(() => expect(result.current.entries.map((e) => e.seq)).toEqual([7501, 7502]));
    expect(urls.slice(0, 2)).toEqual([
      "/imposters/4545/requests/stream",
      "/imposters/4545/requests/stream?since=7500",
    ]);
    expect(result.current.source).toBe("live");
  });
});
