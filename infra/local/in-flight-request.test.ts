import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { InFlightRequest } from "./in-flight-request.ts";

const QUIET_MS = 1_000;
const bytes = (text: string) => Buffer.from(text);

/** A request in flight, workerd last heard from now. */
function inFlight() {
  const request = new InFlightRequest(QUIET_MS);
  request.heard();
  return request;
}

/** What a fresh upstream connection was sent. */
function upstream() {
  const written: string[] = [];
  return { written, write: (chunk: Buffer) => written.push(chunk.toString()) > 0 };
}

describe("the request a relay has in workerd", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("counts what is sent until the answer starts", () => {
    const request = inFlight();
    request.sent(bytes("GET / "));
    request.sent(bytes("HTTP/1.1"));
    expect(request.bytes).toBe(14);
    request.answered();
    expect([request.bytes, request.replayable]).toEqual([0, false]);
  });

  it("takes a close after a quiet spell with nothing in flight for workerd's idle close", () => {
    const request = inFlight();
    vi.advanceTimersByTime(QUIET_MS - 1);
    expect(request.isIdleClose(false)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(request.isIdleClose(false)).toBe(true);
    expect(request.isIdleClose(true)).toBe(false);
  });

  it("sends a request that met the idle close again, in order, once", () => {
    const request = inFlight();
    vi.advanceTimersByTime(QUIET_MS / 2);
    request.sent(bytes("a"));
    request.sent(bytes("b"));
    vi.advanceTimersByTime(QUIET_MS / 2);
    expect([request.isIdleClose(false), request.replayable, request.unreplayable]).toEqual([
      true,
      true,
      false,
    ]);
    const fresh = upstream();
    request.replayOn(fresh);
    expect(fresh.written).toEqual(["a", "b"]);
    expect(request.isIdleClose(false)).toBe(false);
    request.answered();
    vi.advanceTimersByTime(QUIET_MS);
    expect(request.isIdleClose(false)).toBe(true);
  });

  it("passes on a close that meets a request begun early in workerd's wait, however late its rest", () => {
    const request = inFlight();
    vi.advanceTimersByTime(QUIET_MS / 2 - 1);
    request.sent(bytes("a"));
    vi.advanceTimersByTime(QUIET_MS / 2);
    request.sent(bytes("b"));
    vi.advanceTimersByTime(QUIET_MS);
    expect(request.isIdleClose(false)).toBe(false);
  });

  it("keeps no copy of a request past 1 MiB, nor of one refused", () => {
    const large = inFlight();
    large.sent(Buffer.alloc(1 << 20));
    expect([large.replayable, large.unreplayable]).toEqual([true, false]);
    large.sent(bytes("x"));
    expect([large.replayable, large.unreplayable]).toEqual([false, true]);
    const refused = inFlight();
    refused.sent(bytes("a"));
    refused.dropped();
    expect([refused.bytes, refused.replayable, refused.unreplayable]).toEqual([0, false, false]);
  });
});
