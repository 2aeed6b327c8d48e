import type { WireResponse } from "@mockctl/differential";
import { describe, expect, it } from "vitest";
import { normalizeForPlatform } from "./platform-rules.ts";

const response = (headers: Array<[string, string]>, body = "hello"): WireResponse => ({
  status: 200,
  headers,
  body: new TextEncoder().encode(body),
  elapsedMs: 0,
});

const headersOf = (headers: Array<[string, string]>, body?: string) =>
  normalizeForPlatform(response(headers, body)).headers;

describe("normalizeForPlatform", () => {
  type Row = [why: string, length: [string, string], body: string, kept: boolean];
  it.each<Row>([
    ["the body's own length is framing, dropped", ["Content-Length", "5"], "hello", false],
    ["an empty body's 0 too", ["content-length", "0"], "", false],
    ["a stale length is the engine's, kept", ["Content-Length", "1"], "hello", true],
  ])("Content-Length: %s", (_why, length, body, kept) => {
    expect(headersOf([length, ["X-Other", "o"]], body)).toEqual(
      kept ? [length, ["X-Other", "o"]] : [["X-Other", "o"]],
    );
  });

  it("leaves repeated header lines alone: workerd writes them line by line, like mb", () => {
    const lines: Array<[string, string]> = [
      ["X-Many", "a"],
      ["Set-Cookie", "a=1"],
      ["X-Many", "b"],
    ];
    expect(headersOf(lines)).toEqual(lines);
  });

  it("leaves status and body alone", () => {
    const out = normalizeForPlatform(response([], "body"));
    expect([out.status, new TextDecoder().decode(out.body)]).toEqual([200, "body"]);
  });
});
