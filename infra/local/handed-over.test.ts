import { describe, expect, it } from "vitest";
import { handedOver } from "./handed-over.ts";

const head = (line: string, ...headers: string[]) =>
  Buffer.from(`${line}\r\n${headers.map((header) => `${header}\r\n`).join("")}\r\n`);

describe("handedOver", () => {
  it.each([
    ["HTTP/1.0 without keep-alive (ApacheBench)", head("GET /i/4545/ HTTP/1.0", "Host: x"), true],
    ["HTTP/1.0 with Keep-Alive (ab -k)", head("GET / HTTP/1.0", "Connection: Keep-Alive"), true],
    ["HTTP/1.1 with Connection: close", head("POST /x HTTP/1.1", "Host: x", "Connection: close"), true],
    [
      "HTTP/1.1, the token in any case and among others",
      head("GET / HTTP/1.1", "connection: TE, Close"),
      true,
    ],
    ["HTTP/1.1 with Connection: CLOSE", head("GET / HTTP/1.1", "CONNECTION: CLOSE"), true],
    ["HTTP/1.1 keeping the connection", head("GET / HTTP/1.1", "Host: x", "Connection: keep-alive"), false],
    ["HTTP/1.1 with no Connection header", head("GET / HTTP/1.1", "Host: x"), false],
    ["close elsewhere than in Connection", head("GET /close HTTP/1.1", "X-Note: close"), false],
    ["a head longer than the chunk", Buffer.from("GET / HTTP/1.1\r\nConnection: close\r\n"), false],
    ["a request line past 8 KiB", Buffer.from(`GET /${"x".repeat(9000)} HTTP/1.0\r\n\r\n`), false],
    ["a body's bytes", Buffer.from("the rest of a body, with Connection: close\r\n\r\n"), false],
    ["an absolute-form target", head("GET http://localhost:2525/imposters HTTP/1.1", "Host: x"), true],
    ["an asterisk-form target", head("OPTIONS * HTTP/1.1", "Host: x"), true],
    [
      "a POST that expects 100-continue (curl's upload)",
      head("POST /u HTTP/1.1", "Expect: 100-continue"),
      true,
    ],
    ["a GET naming 100-continue elsewhere", head("GET /100-continue HTTP/1.1", "Host: x"), false],
    ["HTTP/2's preface", Buffer.from("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"), false],
  ])("%s", (_, chunk, expected) => {
    expect(handedOver(chunk)).toBe(expected);
    // As the relay asks, with the head's end it found.
    expect(handedOver(chunk, chunk.indexOf("\r\n\r\n"))).toBe(expected);
  });

  it("reads only the head: a body that says close changes nothing", () => {
    const request = Buffer.concat([
      head("POST / HTTP/1.1", "Content-Length: 17"),
      Buffer.from("Connection: close"),
    ]);
    expect(handedOver(request)).toBe(false);
  });
});
