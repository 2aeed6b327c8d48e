import { describe, expect, it } from "vitest";
import { freePort } from "./mb-process.ts";

describe("freePort", () => {
  // Drawn one after another, each port is free again at the OS by the next draw (nobody listens on it yet,
  // as with a test that has not created its imposter), and 400 draws from 12,000 ports repeat one almost
  // surely (the birthday bound, p > 0.99): this fails if a port can be handed to two tests of one file.
  it("never hands the same port out twice in one process", async () => {
    const ports: number[] = [];
    for (let i = 0; i < 400; i++) ports.push(await freePort());
    expect(new Set(ports).size).toBe(ports.length);
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(20_000);
      expect(port).toBeLessThan(32_000);
    }
  });
});
