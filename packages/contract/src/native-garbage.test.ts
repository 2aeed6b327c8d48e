import { describe, expect, it } from "vitest";
import {
  ADMIN_READ,
  ADMIN_REQUEST,
  adminUnits,
  CHARS_PER_UNIT,
  collectEvery,
  exposedGc,
  textUnits,
  UNITS_PER_COLLECTION,
  USER_CODE_CALL,
} from "./native-garbage.ts";

describe("collectEvery", () => {
  it.each([
    { every: 1, ticks: 3, collections: 3 },
    { every: 4, ticks: 3, collections: 0 },
    { every: 4, ticks: 4, collections: 1 },
    { every: 4, ticks: 9, collections: 2 },
  ])("every $every, $ticks ticks: $collections collections", ({ every, ticks, collections }) => {
    let count = 0;
    const tick = collectEvery(every, () => count++);
    for (let i = 0; i < ticks; i++) tick();
    expect(count).toBe(collections);
  });

  it("counts by weight: one count for admin requests and user-code calls", () => {
    let count = 0;
    const tick = collectEvery(UNITS_PER_COLLECTION, () => count++);
    for (let i = 0; i < 15; i++) tick(ADMIN_REQUEST);
    for (let i = 0; i < 15; i++) tick(USER_CODE_CALL);
    expect(count).toBe(0);
    tick(USER_CODE_CALL);
    expect(count).toBe(1);
  });

  it.each([
    { method: "GET", units: ADMIN_READ },
    { method: "HEAD", units: ADMIN_READ },
    { method: "POST", units: ADMIN_REQUEST },
    { method: "PUT", units: ADMIN_REQUEST },
    { method: "PATCH", units: ADMIN_REQUEST },
    { method: "DELETE", units: ADMIN_REQUEST },
    { method: "OPTIONS", units: ADMIN_REQUEST },
  ])("an admin $method weighs $units units", ({ method, units }) => {
    expect(adminUnits(method)).toBe(units);
  });

  it("collects once every 128 admin reads, and every 16 changes", () => {
    const collections = (method: string, requests: number) => {
      let count = 0;
      const tick = collectEvery(UNITS_PER_COLLECTION, () => count++);
      for (let i = 0; i < requests; i++) tick(adminUnits(method));
      return count;
    };
    expect([collections("GET", 127), collections("GET", 128), collections("GET", 256)]).toEqual([0, 1, 2]);
    expect([collections("DELETE", 15), collections("DELETE", 16)]).toEqual([0, 1]);
  });

  it.each([
    { chars: 0, units: 0 },
    { chars: CHARS_PER_UNIT - 1, units: 0 },
    { chars: CHARS_PER_UNIT, units: 1 },
    { chars: 3_000_000, units: 366 },
  ])("an answer of $chars characters adds $units units", ({ chars, units }) => {
    expect(textUnits(chars)).toBe(units);
  });

  it("does nothing where V8 exposes no gc (Cloudflare, Node without --expose-gc)", () => {
    expect(exposedGc()).toBeUndefined();
    expect(() => collectEvery(1)()).not.toThrow();
  });
});
