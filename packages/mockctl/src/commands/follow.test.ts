import { describe, expect, it } from "vitest";
import type { Client, Json } from "../client.ts";
import { CliError, createOutput } from "../output.ts";
import { followStream } from "./follow.ts";

const hello = (seq: number) => `event: hello\ndata: {"seq":${seq}}\n\n`;
const entry = (seq: number, path: string) =>
  `event: request\ndata: ${JSON.stringify({
    seq,
    at: "2026-11-24T23:00:00.000Z",
    request: {
      requestFrom: "127.0.0.1",
      method: "GET",
      path,
      query: {},
      headers: {},
      body: "",
      ip: "127.0.0.1",
      timestamp: "2026-11-24T23:00:00.000Z",
    },
    stubIndex: null,
  })}\n\n`;

/** One answer of the fake stream: its chunks (an Error among them breaks it there), none, or a failure to reach it. */
type Answer = (string | Error)[] | null | CliError;

/** A client whose journal stream answers `streams` in turn (null: no such route), recording each `since`. */
function fakeClient(streams: Answer[]) {
  const asked: number[] = [];
  const client = {
    async journalStream(_port: number, since: number) {
      asked.push(since);
      const next = streams.shift();
      if (next === undefined) throw new Error("stop");
      if (next === null) return null;
      if (next instanceof CliError) throw next;
      return (async function* () {
        for (const chunk of next) {
          if (chunk instanceof Error) throw chunk;
          yield new TextEncoder().encode(chunk);
        }
      })();
    },
  } as unknown as Client;
  return { client, asked };
}

async function follow(streams: Answer[]) {
  const { client, asked } = fakeClient(streams);
  const printed: string[] = [];
  const out = createOutput(false, { out: () => {}, err: () => {} });
  const result = await followStream(client, 4545, (r: Json) => printed.push(String(r.path)), out).catch(
    (error: Error) => error.message,
  );
  return { result, printed, asked };
}

describe("followStream", () => {
  it("answers false at once when the platform has no stream (the caller polls)", async () => {
    expect(await follow([null])).toEqual({ result: false, printed: [], asked: [0] });
  });

  it("replays from 0, then reopens after the last seq printed, printing none twice", async () => {
    const first = [hello(2), entry(1, "/a"), entry(2, "/b")];
    const second = [hello(3), entry(2, "/b"), entry(3, "/c")];
    const { printed, asked } = await follow([first, second]);
    expect(printed).toEqual(["/a", "/b", "/c"]);
    expect(asked).toEqual([0, 2, 3]);
  });

  it("skips the events it does not print, such as a proxy's recording (`event: stubs`)", async () => {
    const stubs = `event: stubs\ndata: {"at":"2026-11-25T02:00:00.000Z","stubIndex":0,"proxyIndex":1,"count":2}\n\n`;
    const { printed, asked } = await follow([[hello(1), entry(1, "/a"), stubs, entry(2, "/b")]]);
    expect(printed).toEqual(["/a", "/b"]);
    expect(asked).toEqual([0, 2]);
  });

  it("starts over when the platform's journal numbers from 0 again (restarted without its data)", async () => {
    const { printed } = await follow([
      [hello(5), entry(5, "/old")],
      [hello(0), entry(1, "/new")],
    ]);
    expect(printed).toEqual(["/old", "/new"]);
  });

  it("fails when the stream goes away after it was open (the imposter was deleted)", async () => {
    const { result } = await follow([[hello(0)], null]);
    expect(result).toBe("imposter 4545's journal stream is gone");
  });

  // The platform stopped mid-stream, then came back: `requests -f` used to die with "terminated".
  it("opens the stream again after it broke, waiting for a platform that is restarting", async () => {
    const away = new CliError("could not reach the platform at http://127.0.0.1:2525 (ECONNREFUSED)");
    const { printed, asked, result } = await follow([
      [hello(1), entry(1, "/a"), new TypeError("terminated")],
      away,
      away,
      [hello(2), entry(2, "/b")],
    ]);
    expect(printed).toEqual(["/a", "/b"]);
    expect(asked).toEqual([0, 1, 1, 1, 2]);
    expect(result).toBe("stop");
  });

  it("does not wait out an error that is not about reaching the platform", async () => {
    const refused = new CliError("GET /imposters/4545/requests/stream failed with 401");
    const { result } = await follow([[hello(0), new TypeError("terminated")], refused]);
    expect(result).toBe("GET /imposters/4545/requests/stream failed with 401");
  });
});
