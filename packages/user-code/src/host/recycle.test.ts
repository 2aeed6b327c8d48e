import { request } from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { type Look, shouldRecycle, usage } from "./recycle.ts";
import { UserCodeHost } from "./supervisor.ts";
import { workerCode } from "./worker-code.testing.ts";

// Every host above 0 MB that stayed idle for 200 ms is recycled: what a real host reaches after a load run.
const host = new UserCodeHost({ aboveMb: 0, intervalMs: 200 });
afterAll(() => host.stop());

const code = workerCode("return { ok: true, value: call.x };");

// A fresh connection per call: a replaced host ends the connections it has (SIGTERM), and the edge sends a
// call lost so once more, through the launcher (host-client.ts); this client does not, so it keeps no connection to reuse.
function post(message: object): Promise<number> {
  return new Promise((resolve, reject) => {
    const options = { socketPath: host.socketPath, path: "/run", method: "POST", agent: false };
    const req = request(options, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end(JSON.stringify(message));
  });
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

const look = (pid: number, cpuTicks: number, pssKb: number): Look => ({ pid, cpuTicks, pssKb });

describe("when a host is recycled", () => {
  it.each<[string, Look | undefined, Look, boolean]>([
    ["idle and large", look(7, 100, 90_000), look(7, 100, 90_000), true],
    ["idle but small", look(7, 100, 1_000), look(7, 100, 2_000), false],
    ["large but busy", look(7, 100, 90_000), look(7, 101, 90_000), false],
    ["a new process", look(7, 100, 90_000), look(8, 100, 90_000), false],
    ["first look", undefined, look(7, 100, 90_000), false],
    ["busy above the bound for a busy host", look(7, 100, 200_000), look(7, 101, 200_000), true],
    ["first look above that bound", undefined, look(7, 100, 200_000), true],
  ])("%s", (_, previous, now, expected) => {
    expect(shouldRecycle(previous, now, 64 * 1024, 128 * 1024)).toBe(expected);
  });
});

describe("an idle user-code host that grew", () => {
  it("reads a process's CPU time and PSS from /proc", () => {
    expect(usage(process.pid)).toMatchObject({ cpuTicks: expect.any(Number), pssKb: expect.any(Number) });
    expect(usage(2 ** 22 + 1)).toBeUndefined();
  });

  it("is replaced by an empty one, which takes the next call once it has the code again", async () => {
    await host.start();
    expect(await post({ id: "a", code, call: { x: 1 } })).toBe(200);
    const pid = host.pid;
    for (let i = 0; i < 40 && host.pid === pid; i++) await sleep(100);
    expect(host.pid).not.toBe(pid);
    await host.start();
    expect(await post({ id: "a", call: { x: 2 } })).toBe(409);
    expect(await post({ id: "a", code, call: { x: 2 } })).toBe(200);
  });
});
