import { describe, expect, it } from "vitest";
import { ChunkedBody } from "./chunked-normalize.ts";

/** The body passed whole, and split in two at every byte and in one-byte reads: always the same bytes out. */
function passed(body: string): string[] {
  const bytes = Buffer.from(body, "latin1");
  const through = (reads: Buffer[]) => {
    const parser = new ChunkedBody();
    return Buffer.concat(reads.map((read) => parser.pass(read))).toString("latin1");
  };
  const outputs = [through([bytes])];
  for (let at = 1; at < bytes.length; at++)
    outputs.push(through([bytes.subarray(0, at), bytes.subarray(at)]));
  outputs.push(through([...bytes].map((byte) => Buffer.from([byte]))));
  return outputs;
}

describe("ChunkedBody", () => {
  it.each([
    ["plain chunks", "5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n", "5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n"],
    ["an extension", "5;name=value\r\nhello\r\n0\r\n\r\n", "5\r\nhello\r\n0\r\n\r\n"],
    [
      "extensions with quotes, flags and on the last chunk",
      '5;a="b;c";flag\r\nhello\r\nA;x=1\r\n0123456789\r\n0;end\r\n\r\n',
      "5\r\nhello\r\nA\r\n0123456789\r\n0\r\n\r\n",
    ],
    ["trailers", "5\r\nhello\r\n0\r\nX-Trailer: yes\r\nOther: 2\r\n\r\n", "5\r\nhello\r\n0\r\n\r\n"],
    ["a stray CRLF after the body", "3\r\nabc\r\n0\r\n\r\n\r\n", "3\r\nabc\r\n0\r\n\r\n"],
    [
      "a pipelined request after the body, a stray CRLF before it",
      "3\r\nabc\r\n0\r\nT: 1\r\n\r\n\r\nGET /x;y HTTP/1.1\r\n\r\n",
      "3\r\nabc\r\n0\r\n\r\nGET /x;y HTTP/1.1\r\n\r\n",
    ],
    [
      "data that looks like framing",
      "8\r\n;x\r\n0\r\n\r\n\r\n0\r\n\r\n",
      "8\r\n;x\r\n0\r\n\r\n\r\n0\r\n\r\n",
    ],
    [
      "upper-case sizes and leading zeros",
      "00B\r\nhello world\r\n0\r\n\r\n",
      "00B\r\nhello world\r\n0\r\n\r\n",
    ],
    // Not chunked framing: passed as it is, for workerd to refuse as before.
    ["a size that is not hex", "xyz\r\nhello\r\n0\r\n\r\n", "xyz\r\nhello\r\n0\r\n\r\n"],
    ["a space before an extension", "5 ;a=b\r\nhello\r\n0\r\n\r\n", "5 ;a=b\r\nhello\r\n0\r\n\r\n"],
    ["data longer than its size", "2\r\nabc\r\n0\r\n\r\n", "2\r\nabc\r\n0\r\n\r\n"],
  ])("%s", (_, body, expected) => {
    for (const output of passed(body)) expect(output).toBe(expected);
  });

  it("gives back a read with nothing to drop as it came, and starts at the body", () => {
    const parser = new ChunkedBody();
    const head = Buffer.from("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n5;x=1\r\nhello\r\n");
    const from = head.indexOf("\r\n\r\n") + 4;
    expect(parser.pass(head, from).toString()).toBe(
      "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n",
    );
    const plain = Buffer.from("3\r\nabc\r\n");
    expect(parser.pass(plain)).toBe(plain);
    expect(parser.passing).toBe(false);
    parser.pass(Buffer.from("0\r\n\r\nG"));
    expect(parser.passing).toBe(true);
  });
});
