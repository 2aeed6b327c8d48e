import { describe, expect, it } from "vitest";
import { WholeHead } from "./whole-head.ts";

const head = (dropsLeadingLines = false) => new WholeHead({ dropsLeadingLines });
const text = (chunk: Buffer | undefined) => chunk?.toString();

describe("a request's head held until whole", () => {
  it("gives nothing until the blank line comes, then the head's pieces as one, and where the head ends", () => {
    const whole = head();
    expect(whole.take(Buffer.from("GET / HTTP/1.1\r\n"))).toBeUndefined();
    expect(whole.take(Buffer.from("Host: x\r\n"))).toBeUndefined();
    expect(text(whole.take(Buffer.from("\r\nbody")))).toBe("GET / HTTP/1.1\r\nHost: x\r\n\r\nbody");
    expect(whole.end).toBe(23);
    expect(text(whole.take(Buffer.from("GET /next HTTP/1.1\r\n\r\n")))).toBe("GET /next HTTP/1.1\r\n\r\n");
  });

  it("gives a whole head sent at once as it came, with no copy", () => {
    const chunk = Buffer.from("GET / HTTP/1.1\r\n\r\n");
    const whole = head();
    expect(whole.take(chunk)).toBe(chunk);
    expect(whole.end).toBe(14);
  });

  it("drops CR/LF before a request line only when the last request's tidy says so", () => {
    expect(text(head(true).take(Buffer.from("\r\nGET / HTTP/1.1\r\n\r\n")))).toBe("GET / HTTP/1.1\r\n\r\n");
    expect(text(head(false).take(Buffer.from("\r\nGET / HTTP/1.1\r\n\r\n")))).toBe(
      "\r\nGET / HTTP/1.1\r\n\r\n",
    );
    const stray = head(true);
    const next = Buffer.from("GET / HTTP/1.1\r\n\r\n");
    expect(stray.take(Buffer.from("\r\n"))).toBeUndefined();
    expect(stray.take(next)).toBe(next);
  });

  it("lets a head past 128 KiB go on unfinished, for workerd to refuse", () => {
    const whole = head();
    expect(whole.take(Buffer.alloc(128 * 1024 - 1, "a"))).toBeUndefined();
    expect(whole.take(Buffer.from("a"))?.length).toBe(128 * 1024);
    expect(whole.end).toBe(-1);
  });
});
