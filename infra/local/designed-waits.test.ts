import { describe, expect, it } from "vitest";
import { DESIGNED_MS, DesignedWaits, MAX_LINES, REMEMBERED, requestLine } from "./designed-waits.ts";

describe("designed waits", () => {
  it.each([
    ["every answer slow", Array(REMEMBERED).fill(20), true],
    ["every answer at the threshold", Array(REMEMBERED).fill(DESIGNED_MS), true],
    ["one answer short of being judged", Array(REMEMBERED - 1).fill(20), false],
    // A plain stub on a busy machine: mostly slow, but quick once in a while.
    ["one quick answer among slow ones", [80, 40, 30, 0.4, 60, 70, 20, 30], false],
    // A stub that stopped waiting: its newest answer is quick.
    ["a quick answer after many slow ones", [...Array(REMEMBERED * 2).fill(20), 0.5], false],
    ["slow again after a quick answer has gone out of mind", [0.5, ...Array(REMEMBERED).fill(20)], true],
  ])("%s: %s", (_, times, designed) => {
    const waits = new DesignedWaits();
    for (const ms of times) waits.record("GET /wait HTTP/1.1", ms);
    expect(waits.designed("GET /wait HTTP/1.1")).toBe(designed);
    expect(waits.designed("GET /other HTTP/1.1")).toBe(false);
  });

  it("forgets every line once it holds MAX_LINES of them", () => {
    const waits = new DesignedWaits();
    for (let i = 0; i < REMEMBERED; i++) waits.record("GET /wait HTTP/1.1", 20);
    for (let i = 1; i < MAX_LINES; i++) waits.record(`GET /orders/${i} HTTP/1.1`, 1);
    expect([waits.size, waits.designed("GET /wait HTTP/1.1")]).toEqual([MAX_LINES, true]);
    waits.record("GET /one-more HTTP/1.1", 1);
    expect([waits.size, waits.designed("GET /wait HTTP/1.1")]).toEqual([1, false]);
  });

  it.each([
    ["GET /wait/3?x=1 HTTP/1.1\r\nHost: a\r\n\r\n", "GET /wait/3?x=1 HTTP/1.1"],
    ["POST /i/4545/orders HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}", "POST /i/4545/orders HTTP/1.1"],
    [`GET /${"a".repeat(300)} HTTP/1.1\r\n\r\n`, `GET /${"a".repeat(251)}`],
    ["GET /no-line-end", "GET /no-line-end"],
  ])("reads the request line of %j", (head, line) => {
    expect(requestLine(Buffer.from(head))).toBe(line);
  });
});
