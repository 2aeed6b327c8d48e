import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { afterEach, describe, expect, it } from "vitest";
import { type HostProbes, isStuck, mainThreadIoCalls, movesOn } from "./stuck.ts";

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});

/** A Node process running `script`, once it has printed its first line (so its loop has begun). */
async function node(script: string): Promise<number> {
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "ignore"] });
  children.push(child);
  await once(child.stdout, "data");
  child.stdout.resume();
  return child.pid ?? 0;
}

describe.runIf(process.platform === "linux")("a process's main thread, from /proc", () => {
  it("moves on while it writes, and not while it loops", async () => {
    const writing = await node("setInterval(() => process.stdout.write('.\\n'), 5); console.log('up');");
    const looping = await node("console.log('up'); while (true) {}");
    expect(mainThreadIoCalls(writing)).toBeGreaterThan(0);
    expect(await movesOn(writing, 200)).toBe(true);
    expect(await movesOn(looping, 200)).toBe(false);
  });

  it("cannot tell for a process that is gone", async () => {
    expect(mainThreadIoCalls(2 ** 22 + 1)).toBeUndefined();
    expect(await movesOn(2 ** 22 + 1, 10)).toBe(false);
  });
});

/** Probes with fixed answers that record what the check asked, in order. */
function probes(moves: boolean, answers: boolean): HostProbes & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    movesOn: async () => {
      asked.push("moves");
      return moves;
    },
    answers: async () => {
      asked.push("ping");
      return answers;
    },
    suspect: (suspected) => {
      asked.push(suspected ? "suspect" : "clear");
    },
  };
}

describe("isStuck", () => {
  it.each([
    // Busy behind a queue: moving on is enough, however late its ping would come; never reniced.
    { moves: true, answers: false, stuck: false, asked: ["moves"] },
    { moves: true, answers: true, stuck: false, asked: ["moves"] },
    // Idle, or a function that waits on a timer: quiet, but it answers.
    { moves: false, answers: true, stuck: false, asked: ["moves", "suspect", "ping", "clear"] },
    // A loop: quiet and deaf; it stays suspected (at the lowest priority) until it is killed.
    { moves: false, answers: false, stuck: true, asked: ["moves", "suspect", "ping"] },
  ])("moves on: $moves, answers: $answers -> stuck: $stuck", async ({ moves, answers, stuck, asked }) => {
    const host = probes(moves, answers);
    expect(await isStuck(host)).toBe(stuck);
    expect(host.asked).toEqual(asked);
  });
});
