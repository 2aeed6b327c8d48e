import { describe, expect, it } from "vitest";
import { type AnswerHead, AnswerReader } from "./answer-reader.ts";

/** Reads `wire` split at every one of `cuts`, and says what the sink was told. */
function readIn(wire: string, cuts: number[], head = false) {
  const seen = { heads: [] as AnswerHead[], body: "", ends: [] as boolean[] };
  const reader = new AnswerReader(
    {
      answerHead: (one) => seen.heads.push(one),
      answerBody: (chunk) => {
        seen.body += chunk.toString("latin1");
      },
      answerEnd: (reusable) => seen.ends.push(reusable),
    },
    head,
  );
  const bytes = Buffer.from(wire, "latin1");
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    reader.read(bytes.subarray(from, cut));
    from = cut;
  }
  return { ...seen, reader };
}

/** Every way of cutting `wire` in two, and in three at two neighbouring places. */
function cutsOf(wire: string): number[][] {
  const all: number[][] = [[]];
  for (let at = 1; at < wire.length; at++) all.push([at], [at, Math.min(at + 1, wire.length)]);
  return all;
}

const cases = [
  {
    name: "a body of Content-Length",
    wire: "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nX-Kept: As Sent\r\n\r\nhello",
    body: "hello",
    reusable: true,
  },
  {
    name: "a chunked body, with an extension and a trailer",
    wire: "HTTP/1.1 201 Created\r\nTransfer-Encoding: chunked\r\n\r\n3;x=y\r\nhel\r\n2\r\nlo\r\n0\r\nT: v\r\n\r\n",
    body: "hello",
    reusable: true,
  },
  {
    name: "an empty body",
    wire: "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n",
    body: "",
    reusable: true,
  },
  {
    name: "a 204, which has no body whatever its head says",
    wire: "HTTP/1.1 204 No Content\r\nContent-Length: 7\r\n\r\n",
    body: "",
    reusable: true,
  },
  {
    name: "an answer after a 100 Continue",
    wire: "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok",
    body: "ok",
    reusable: true,
  },
  {
    name: "an answer that says the connection closes after it",
    wire: "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok",
    body: "ok",
    reusable: false,
  },
];

describe("an answer from workerd, read as it comes", () => {
  it.each(cases)("reads $name the same however its bytes are cut", ({ wire, body, reusable }) => {
    for (const cuts of cutsOf(wire)) {
      const seen = readIn(wire, cuts);
      expect({ cuts, body: seen.body, ends: seen.ends, heads: seen.heads.length }).toEqual({
        cuts,
        body,
        ends: [reusable],
        heads: 1,
      });
    }
  });

  it("keeps no connection that sent bytes after the answer's end in the answer's last read", () => {
    const wire = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokHTTP/1.1";
    for (let at = 0; at < wire.length - 10; at++) {
      const seen = readIn(wire, at === 0 ? [] : [at]);
      expect([at, seen.body, seen.ends]).toEqual([at, "ok", [false]]);
    }
  });

  it("gives the status, the reason and the headers as sent, in order", () => {
    const { heads } = readIn(
      "HTTP/1.1 418 I'm a teapot\r\nB: 1\r\nset-cookie: a\r\nSet-Cookie: b\r\n\r\n",
      [],
    );
    expect(heads).toEqual([
      { status: 418, message: "I'm a teapot", rawHeaders: ["B", "1", "set-cookie", "a", "Set-Cookie", "b"] },
    ]);
  });

  it("reads no body for a HEAD request's answer, and the connection goes on", () => {
    const seen = readIn("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n", [], true);
    expect([seen.body, seen.ends]).toEqual(["", [true]]);
  });

  it("reads a body without a length or chunks to the close, and keeps no connection after it", () => {
    const seen = readIn("HTTP/1.1 200 OK\r\n\r\nto the end", [20]);
    expect(seen.ends).toEqual([]);
    seen.reader.closed();
    expect([seen.body, seen.ends]).toEqual(["to the end", [false]]);
  });

  it.each([
    ["before any byte", "", false],
    ["in the head", "HTTP/1.1 200 OK\r\nContent-", true],
    ["in a body of known length", "HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\nhal", true],
    ["between chunks", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n", true],
  ])("says an answer cut %s is cut", (_, wire, started) => {
    const { reader, ends } = readIn(wire, []);
    expect(reader.started).toBe(started);
    expect(() => reader.closed()).toThrow(/before its answer ended/);
    expect(ends).toEqual([]);
  });

  it.each([
    ["a head that is not HTTP", "SSH-2.0-OpenSSH\r\n\r\n"],
    ["a status that is not a number", "HTTP/1.1 2xx OK\r\n\r\n"],
    ["a chunk size that is not hex", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"],
    ["a chunk longer than its size", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nok\r\n"],
  ])("refuses %s", (_, wire) => {
    expect(() => readIn(wire, [])).toThrow();
  });
});
