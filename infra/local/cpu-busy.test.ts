import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { afterEach, describe, expect, it, vi } from "vitest";
import { busySampler } from "./cpu-busy.ts";

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  vi.restoreAllMocks();
});

/** A Node process that says so once it has started (its start-up is not what it does), then runs `code`. */
async function node(code: string): Promise<number> {
  const child = spawn(process.execPath, ["-e", `console.log("up"); ${code}`], {
    stdio: ["ignore", "pipe", "ignore"],
  });
  children.push(child);
  await once(child.stdout!, "data");
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
      // On a machine busy with a test suite the spinner gets less than a whole CPU, never nothing.
      expect(spun).toBeGreaterThan(0.25);
      expect(rested).toBeLessThan(0.1);
    },
  );

  it("reads again only after its span, and starts over for a new process or none", () => {
    let now = 1_000;
    vi.spyOn(performance, "now").mockImplementation(() => now);
    let pid: number | undefined = 7;
    let ticks = 0;
    let reads = 0;
    const busy = busySampler(
      () => pid,
      () => {
        reads++;
        return ticks;
      },
    );
    expect(busy()).toBeUndefined();
    // 10 ticks of 10 ms in 200 ms: half a CPU.
    [now, ticks] = [1_200, 10];
    expect(busy()).toBe(0.5);
    // Asked again within the span: the last reading, whatever the counter did meanwhile.
    [now, ticks] = [1_250, 15];
    expect([busy(), reads]).toEqual([0.5, 2]);
    [now, ticks] = [1_400, 30];
    expect(busy()).toBe(1);
    pid = 8;
    expect(busy()).toBeUndefined();
    pid = undefined;
    expect(busy()).toBeUndefined();
  });
});
