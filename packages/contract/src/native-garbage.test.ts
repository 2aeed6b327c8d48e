import { describe, expect, it } from "vitest";
import { collectEvery, exposedGc } from "./native-garbage.ts";

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

  it("does nothing where V8 exposes no gc (Cloudflare, Node without --expose-gc)", () => {
    expect(exposedGc()).toBeUndefined();
    expect(() => collectEvery(1)()).not.toThrow();
  });
});
