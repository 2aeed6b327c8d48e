import { describe, expect, it } from "vitest";
import { markOf, withConnectionClose, withoutMark } from "./relay-marks.ts";

const answer = (...headers: string[]) =>
  Buffer.from(`HTTP/1.1 200 OK\r\n${headers.map((header) => `${header}\r\n`).join("")}\r\nbody`);

describe("markOf", () => {
  it.each([
    [answer("Content-Length: 4"), undefined],
    [answer("x-mockctl-fault: CONNECTION_RESET_BY_PEER"), "CONNECTION_RESET_BY_PEER"],
    [answer("Content-Length: 4", "x-mockctl-fault: CLOSE_AFTER_ANSWER"), "CLOSE_AFTER_ANSWER"],
    [answer("x-mockctl-fault: SOMETHING_ELSE"), undefined],
    [answer("x-mockctl-fault: DELAY_ANSWER 20"), { delayMs: 20 }],
    [answer("x-mockctl-fault: DELAY_ANSWER soon"), undefined],
    // A body that names the mark is not read.
    [
      Buffer.concat([answer("Content-Length: 40"), Buffer.from("\r\nx-mockctl-fault: CLOSE_AFTER_ANSWER")]),
      undefined,
    ],
  ])("%#", (chunk, expected) => {
    expect(markOf(chunk)).toEqual(expected);
  });
});

describe("withConnectionClose", () => {
  it("puts Connection: close where the mark was and keeps the rest", () => {
    const chunk = answer("Content-Length: 4", "x-mockctl-fault: CLOSE_AFTER_ANSWER", "X-A: 1");
    expect(withConnectionClose(chunk).toString()).toBe(
      "HTTP/1.1 200 OK\r\nContent-Length: 4\r\nConnection: close\r\nX-A: 1\r\n\r\nbody",
    );
  });
});

describe("withoutMark", () => {
  it("takes the mark's line out and keeps the rest", () => {
    const chunk = answer("Content-Length: 4", "x-mockctl-fault: DELAY_ANSWER 20", "X-A: 1");
    expect(withoutMark(chunk).toString()).toBe("HTTP/1.1 200 OK\r\nContent-Length: 4\r\nX-A: 1\r\n\r\nbody");
  });
});
