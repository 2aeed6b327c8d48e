import { describe, expect, it } from "vitest";
import { parseResponse } from "./socket-http.ts";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("reading an origin's answer off a socket", () => {
  it.each([
    ["a Content-Length body", "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nX-A: 1\r\n\r\nhi", "GET", 200, "hi"],
    [
      "a chunked body",
      "HTTP/1.1 201 Created\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nhe\r\n3;x=y\r\nllo\r\n0\r\n\r\n",
      "GET",
      201,
      "hello",
    ],
    ["a body to the close", "HTTP/1.0 404 Not Found\r\n\r\nnone here", "GET", 404, "none here"],
    [
      "a 100 Continue first",
      "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok",
      "POST",
      200,
      "ok",
    ],
    ["no body for HEAD", "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n", "HEAD", 200, ""],
  ])("%s", async (_name, raw, method, status, body) => {
    const response = parseResponse(bytes(raw), method);
    expect(response.status).toBe(status);
    expect(await response.text()).toBe(body);
    expect(response.headers.has("transfer-encoding")).toBe(false);
  });

  it("keeps header names and repeated values", () => {
    const response = parseResponse(
      bytes("HTTP/1.1 200 OK\r\nSet-Cookie: a=1\r\nSet-Cookie: b=2\r\n\r\n"),
      "GET",
    );
    expect(response.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
  });

  it.each([
    ["a cut head", "HTTP/1.1 200 OK\r\nContent-Len"],
    ["not HTTP", "SSH-2.0-OpenSSH\r\n\r\n"],
  ])("refuses %s", (_name, raw) => {
    expect(() => parseResponse(bytes(raw), "GET")).toThrow();
  });
});
