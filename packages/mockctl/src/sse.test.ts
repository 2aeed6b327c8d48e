import { describe, expect, it } from "vitest";
import { type ServerEvent, serverEvents } from "./sse.ts";

async function parse(chunks: string[]): Promise<ServerEvent[]> {
  const encoder = new TextEncoder();
  async function* body() {
    for (const chunk of chunks) yield encoder.encode(chunk);
  }
  const events: ServerEvent[] = [];
  for await (const event of serverEvents(body())) events.push(event);
  return events;
}

// The journal stream's shapes (s3-shared.md): hello, request events, keep-alive comments.
describe("serverEvents", () => {
  it.each([
    [
      "hello then a request",
      ['event: hello\ndata: {"seq":0}\n\nevent: request\ndata: {"seq":1}\n\n'],
      [
        { event: "hello", data: '{"seq":0}' },
        { event: "request", data: '{"seq":1}' },
      ],
    ],
    [
      "keep-alive comments are skipped",
      [": keep-alive\n\n", "event: hello\ndata: {}\n\n"],
      [{ event: "hello", data: "{}" }],
    ],
    [
      "an event split across chunks",
      ["event: req", "uest\nda", "ta: 1\n", "\n"],
      [{ event: "request", data: "1" }],
    ],
    [
      "CRLF line ends, split between CR and LF",
      ["event: hello\r", "\ndata: 2\r\n\r\n"],
      [{ event: "hello", data: "2" }],
    ],
    ["several data lines join with LF", ["data: a\ndata: b\n\n"], [{ event: "message", data: "a\nb" }]],
    ["only one leading space is removed", ["data:  x\n\n"], [{ event: "message", data: " x" }]],
    ["an event without data is dropped", ["event: hello\n\n"], []],
    ["an unfinished event at the end is dropped", ["event: hello\ndata: 1\n"], []],
  ])("%s", async (_name, chunks, expected) => {
    expect(await parse(chunks)).toEqual(expected);
  });
});
