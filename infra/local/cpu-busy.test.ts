import { type ChildProcess, spawn } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { busySampler } from "./cpu-busy.ts";

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});

/** A Node process that runs `code` on its main thread, and its pid once it runs. */
async function node(code: string): Promise<number> {
  const child = spawn(process.execPath, ["-e", code], { stdio: "ignore" });
  children.push(child);
  await sleep(300);
  if (child.pid === undefined) throw new Error("the child did not start");
  return child.pid;
}

describe("busySampler", () => {
  it.skipIf(process.platform !== "linux")(
    "tells a main thread that never waits from one that sleeps",
    async () => {
      const spinner = await node("for (;;) {}");
      const sleeper = await node("setInterval(() => {}, 1000)");
      const spinning = busySampler(() => spinner);
      const resting = busySampler(() => sleeper);
      expect([spinning(), resting()]).toEqual([undefined, undefined]);
      await sleep(600);
      const [spun, rested] = [spinning(), resting()];
      // On a shared machine the spinner gets less than a whole CPU, never nothing.
      expect(spun).toBeGreaterThan(0.4);
      expect(rested).toBeLessThan(0.1);
    },
  );

  it("reads again only after its span, and starts over for a new process or none", () => {
    let pid: number | undefined = 7;
    let ticks = 0;
    const busy = busySampler(
      () => pid,
      () => ticks,
    );
    const start = performance.now();
    expect(busy()).toBeUndefined();
    while (performance.now() - start < 200) ticks = 10;
    // 10 ticks of 10 ms in about 200 ms: half a CPU, within the clock's reading of the span.
    expect(busy()).toBeCloseTo(0.5, 1);
    ticks = 1_000;
    expect(busy()).toBeCloseTo(0.5, 1);
    pid = 8;
    expect(busy()).toBeUndefined();
    pid = undefined;
    expect(busy()).toBeUndefined();
  });
});
