import { describe, expect, it } from "vitest";
import {
  ADMIN_REQUEST,
  collectEvery,
  exposedGc,
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

  it("does nothing where V8 exposes no gc (Cloudflare, Node without --expose-gc)", () => {
    expect(exposedGc()).toBeUndefined();
    expect(() => collectEvery(1)()).not.toThrow();
  });
});
