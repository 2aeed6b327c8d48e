import { describe, expect, it } from "vitest";
import { CHUNKED, framingOf, isChunked, linesEnd, RequestTidy, UNKNOWN } from "./request-tidy.ts";

/** A request's reads through the tidy as the relay feeds it: the first (a whole head) to `start`. */
function tidied(reads: string[]): string {
  const tidy = new RequestTidy();
  const [first, ...rest] = reads.map((read) => Buffer.from(read, "latin1"));
  const out = [tidy.start(first!, first!.indexOf("\r\n\r\n"))];
  for (const read of rest) out.push(tidy.more(read));
  return Buffer.concat(out).toString("latin1");
}

const POST = "POST /i/4545/x HTTP/1.1\r\nHost: h\r\n";
const CHUNKED_HEAD = `${POST}Transfer-Encoding: chunked\r\n\r\n`;
const FIVE = `${POST}Content-Length: 5\r\n\r\n`;

describe("RequestTidy", () => {
  it.each([
    ["a GET", ["GET / HTTP/1.1\r\nHost: h\r\n\r\n"], "GET / HTTP/1.1\r\nHost: h\r\n\r\n"],
    ["a body whose own bytes end in CRLF", [`${POST}Content-Length: 7\r\n\r\nhello\r\n`], null],
    ["a stray CRLF in the body's read", [`${FIVE}hello\r\n`], `${FIVE}hello`],
    ["a stray CRLF in a read of its own", [FIVE, "hello", "\r\n"], `${FIVE}hello`],
    ["a stray CRLF split across reads", [`${FIVE}hel`, "lo\r", "\n"], `${FIVE}hello`],
    [
      "a stray CRLF before a pipelined request",
      [`${FIVE}hello\r\nGET / HTTP/1.1\r\n\r\n`],
      `${FIVE}helloGET / HTTP/1.1\r\n\r\n`,
    ],
    ["a stray CRLF after a request without a body", [`${POST}\r\n`, "\r\n"], `${POST}\r\n`],
    ["a chunked body in the head's read", [`${CHUNKED_HEAD}5;a=b\r\nhello\r\n0\r\n\r\n`], null],
    [
      "a chunked body after its head, with trailers and a stray CRLF",
      [CHUNKED_HEAD, "5;a=b\r\nhel", "lo\r\n0\r\nT: 1\r\n\r\n\r\n"],
      `${CHUNKED_HEAD}5\r\nhello\r\n0\r\n\r\n`,
    ],
    // Not touched: the length is not known, or the relay's hold ended before the head did.
    ["two lengths", [`${POST}Content-Length: 5\r\nContent-Length: 6\r\n\r\nhello\r\n`], null],
    [
      "a GET's chunked body",
      [`GET / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n1;x\r\na\r\n0\r\n\r\n`],
      null,
    ],
  ])("%s", (_, reads, expected) => {
    const expectedText =
      expected ?? (reads[0]!.includes(";a=b") ? reads[0]!.replace(";a=b", "") : reads.join(""));
    expect(tidied(reads)).toBe(expectedText);
  });

  it("gives a plain request's reads back as they came, not copies", () => {
    const tidy = new RequestTidy();
    const get = Buffer.from("GET / HTTP/1.1\r\n\r\n");
    expect(tidy.start(get, get.indexOf("\r\n\r\n"))).toBe(get);
    tidy.answered();
    const post = Buffer.from(`${FIVE}hello`);
    expect(tidy.start(post, post.indexOf("\r\n\r\n"))).toBe(post);
    const more = Buffer.from("more body\r\n");
    expect(tidy.more(more)).toBe(more);
  });

  it("leaves bytes after an answer that came before the body's end as they are", () => {
    const tidy = new RequestTidy();
    const head = Buffer.from(`${POST}Content-Length: 10\r\n\r\nhello`);
    tidy.start(head, head.indexOf("\r\n\r\n"));
    tidy.answered();
    expect(tidy.dropsLeadingLines).toBe(false);
    // The body's rest, which the relay takes for a head: nothing of it is dropped.
    const rest = Buffer.from("\r\n\r\nabc\r\n");
    expect(tidy.start(rest, rest.indexOf("\r\n\r\n"))).toBe(rest);
    expect(tidy.more(Buffer.from("\r\n")).toString()).toBe("\r\n");
  });

  it("starts over once answered", () => {
    const tidy = new RequestTidy();
    const head = Buffer.from(CHUNKED_HEAD);
    tidy.start(head, head.indexOf("\r\n\r\n"));
    tidy.answered();
    const next = Buffer.from("5;x\r\nhello\r\n");
    expect(tidy.more(next)).toBe(next);
  });
});

describe("the head's framing", () => {
  const head = (...lines: string[]) => Buffer.from(`POST / HTTP/1.1\r\n${lines.join("\r\n")}\r\n\r\n`);
  const end = (buffer: Buffer) => buffer.indexOf("\r\n\r\n");
  it.each([
    [["Host: x"], 0],
    [["Content-Length: 12"], 12],
    [["content-length:  7 ", "Host: x"], 7],
    [["Content-Length: 3", "Content-Length: 3"], 3],
    [["Content-Length: 3", "Content-Length: 4"], UNKNOWN],
    [["Content-Length: -1"], UNKNOWN],
    [["Content-Length: 3, 3"], UNKNOWN],
    [["Transfer-Encoding: chunked"], CHUNKED],
    [["transfer-encoding: gzip, Chunked", "Content-Length: 5"], CHUNKED],
    [["Transfer-Encoding: chunked, gzip"], UNKNOWN],
    [["X-Note: Transfer-Encoding: chunked"], 0],
  ])("%j", (lines, framing) => {
    const buffer = head(...lines);
    expect(framingOf(buffer, end(buffer))).toBe(framing);
    expect(isChunked(buffer, end(buffer))).toBe(framing === CHUNKED);
  });

  it("finds where leading CR/LF bytes end", () => {
    expect(linesEnd(Buffer.from("\r\n\r\nGET"))).toBe(4);
    expect(linesEnd(Buffer.from("GET"))).toBe(0);
  });
});
