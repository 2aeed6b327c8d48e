import { describe, expect, it } from "vitest";
import { parseSse } from "./sse.ts";

describe("parseSse", () => {
  it.each([
    ["one event", 'event: hello\ndata: {"seq":0}\n\n', [{ event: "hello", data: '{"seq":0}' }], ""],
    ["an unfinished event stays in the rest", "event: request\ndata: {", [], "event: request\ndata: {"],
    ["keep-alive comments are skipped", ": keep-alive\n\n", [], ""],
    ["data lines join with a newline", "data: a\ndata: b\n\n", [{ event: "message", data: "a\nb" }], ""],
    ["CRLF line ends", "event: x\r\ndata: 1\r\n\r\n", [{ event: "x", data: "1" }], ""],
    ["no space after the colon", "event:x\ndata:1\n\n", [{ event: "x", data: "1" }], ""],
  ])("%s", (_, buffer, events, rest) => {
    expect(parseSse(buffer)).toEqual({ events, rest });
  });

  it("reads two events and keeps the third's start", () => {
    const { events, rest } = parseSse("data: 1\n\ndata: 2\n\ndata: 3");
    expect(events.map((e) => e.data)).toEqual(["1", "2"]);
    expect(rest).toBe("data: 3");
  });
});
