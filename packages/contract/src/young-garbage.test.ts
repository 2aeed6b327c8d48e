import { describe, expect, it } from "vitest";
import {
  exposedMinorGc,
  MIN_GAP_MS,
  REQUESTS_PER_MINOR,
  SATURATED_RPS,
  youngCollector,
} from "./young-garbage.ts";

/** Requests arriving `gapMs` apart; how many collections the counter asked for. */
function collections(requests: number, gapMs: number, every = REQUESTS_PER_MINOR): number {
  let now = 0;
  let count = 0;
  const next = youngCollector(
    every,
    MIN_GAP_MS,
    () => count++,
    () => now,
  );
  for (let i = 0; i < requests; i++) {
    now += gapMs;
    next()?.();
  }
  return count;
}

describe("youngCollector", () => {
  it.each([
    { rate: "1,000 req/s, 10 s", requests: 10_000, gapMs: 1, expected: 100 },
    { rate: "100 req/s, 10 s", requests: 1_000, gapMs: 10, expected: 10 },
    { rate: "fewer requests than one collection's worth", requests: 99, gapMs: 10, expected: 0 },
    // Past 1,000 req/s the gap holds: one collection per MIN_GAP_MS, however many requests came.
    { rate: "2,000 req/s, 1 s", requests: 2_000, gapMs: 0.5, expected: 10 },
    { rate: "5,000 req/s, 1 s", requests: 5_000, gapMs: 0.2, expected: 10 },
    // Past SATURATED_RPS the semi-space fills first: V8's own scavenges alone.
    { rate: "10,000 req/s, 1 s", requests: 10_000, gapMs: 0.1, expected: 0 },
    { rate: "100,000 req/s, 1 s", requests: 100_000, gapMs: 0.01, expected: 0 },
  ])("$rate: $expected collections", ({ requests, gapMs, expected }) => {
    expect(collections(requests, gapMs)).toBe(expected);
  });

  it("asks for the first collection once `every` requests came, however soon after start", () => {
    expect(collections(100, 0.2)).toBe(1);
  });

  it("stops asking while requests come faster than SATURATED_RPS, and asks again once they slow", () => {
    let now = 0;
    let count = 0;
    const next = youngCollector(
      REQUESTS_PER_MINOR,
      MIN_GAP_MS,
      () => count++,
      () => now,
    );
    const send = (requests: number, rps: number) => {
      for (let i = 0; i < requests; i++) {
        now += 1_000 / rps;
        next()?.();
      }
    };
    send(SATURATED_RPS * 2, SATURATED_RPS * 2);
    expect(count).toBe(0);
    // Just under the line: one collection per MIN_GAP_MS again.
    send(SATURATED_RPS * 0.9, SATURATED_RPS * 0.9);
    expect(count).toBe(1_000 / MIN_GAP_MS);
  });

  it("counts anew after a collection, not from the last request the gap turned down", () => {
    let now = 0;
    let count = 0;
    // Requests at no rate at all would be saturated: this asks about the gap alone.
    const next = youngCollector(
      3,
      10,
      () => count++,
      () => now,
      Number.POSITIVE_INFINITY,
    );
    for (let i = 0; i < 3; i++) next()?.();
    expect(count).toBe(1);
    // Three more within the gap: turned down; once it has passed, the next request is enough.
    for (let i = 0; i < 3; i++) next()?.();
    now = 10;
    next()?.();
    expect(count).toBe(2);
  });

  it("never asks where V8 exposes no gc (Cloudflare, Node without --expose-gc)", () => {
    expect(exposedMinorGc()).toBeUndefined();
    const next = youngCollector(1, 0);
    expect(next()).toBeUndefined();
  });
});
