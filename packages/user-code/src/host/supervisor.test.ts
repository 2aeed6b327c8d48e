import { spawn } from "node:child_process";
import { request } from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { HOST_MAX_WAITING } from "./host-worker.ts";
import { UserCodeHost } from "./supervisor.ts";
import { workerCode } from "./worker-code.testing.ts";

const host = new UserCodeHost();
afterAll(() => host.stop());

/** POSTs to the host's socket as the edge does; resolves with status and parsed body, or the error. */
function post(path: string, message: object): Promise<{ status: number; body: unknown } | Error> {
  return new Promise((resolve) => {
    const req = request({ socketPath: host.socketPath, path, method: "POST" }, (res) => {
      let text = "";
      res.on("data", (chunk) => {
        text += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on("error", resolve);
    req.end(JSON.stringify(message));
  });
}

describe("the user-code host", () => {
  it("starts only when asked, runs code it was sent, and asks for code it does not hold", async () => {
    expect(host.pid).toBeUndefined();
    await host.start();
    expect(host.starts).toBe(1);
    expect(await post("/run", { id: "a", call: { x: 1 } })).toEqual({ status: 409, body: { missing: "a" } });
    const sum = workerCode("return { ok: true, value: call.x + 1 };");
    expect(await post("/run", { id: "a", code: sum, call: { x: 1 } })).toEqual({
      status: 200,
      body: { ok: true, value: 2 },
    });
    expect(await post("/run", { id: "a", call: { x: 41 } })).toMatchObject({ body: { value: 42 } });
  });

  it("gives loaded code no network and no bindings, whatever the caller sends", async () => {
    const probe = workerCode(
      "return fetch('http://127.0.0.1:9/').then(() => 'net', (e) => ({ ok: true, value: [String(e), Object.keys(this.env)] }));",
    );
    const sent = { ...probe, env: { SECRET: "x" }, globalOutbound: "internet" };
    const answer = (await post("/run", { id: "net", code: sent, call: {} })) as {
      body: { value: unknown[] };
    };
    expect(answer.body.value[0]).toMatch(/Error/);
    expect(answer.body.value[1]).toEqual([]);
  });

  it("gives loaded code no `gc` (mb's Node has none), while the host's own collector is there", async () => {
    const probe = workerCode("return { ok: true, value: [typeof gc, typeof __hostCollect] };");
    // The collector's flag reaches every isolate of the process: it is there, under its own name only.
    expect(await post("/run", { id: "gc", code: probe, call: {} })).toEqual({
      status: 200,
      body: { ok: true, value: ["undefined", "function"] },
    });
  });

  it("answers every call of a queue far longer than its turns poll for, across its collections", async () => {
    const echo = workerCode("return { ok: true, value: call.n };");
    await post("/run", { id: "echo", code: echo, call: { n: -1 } });
    // 600 calls, up to as many in flight as the line holds: past two of the host's periodic collections,
    // with a line of waiters hundreds long.
    const answers: unknown[] = [];
    let next = 0;
    const caller = async () => {
      for (let n = next++; n < 600; n = next++) {
        answers[n] = await post("/run", { id: "echo", call: { n }, limitMs: 10_000 });
      }
    };
    await Promise.all(Array.from({ length: HOST_MAX_WAITING }, caller));
    expect(answers.map((answer) => (answer as { body: { value: number } }).body.value)).toEqual(
      Array.from({ length: 600 }, (_, n) => n),
    );
  });

  it("answers a call that finds the line full at once as busy, and every other in turn", async () => {
    // Each call runs a few ms and holds the turn meanwhile, so a line builds behind the first while they arrive.
    const slow = workerCode(
      "let x = 0; for (let i = 0; i < 2e6; i++) x = (x + i) % 7; return { ok: true, value: call.n };",
    );
    await post("/run", { id: "slow", code: slow, call: { n: -1 } });
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: HOST_MAX_WAITING + 100 }, (_, n) =>
        post("/run", { id: "slow", call: { n }, limitMs: 10_000 }).then((answer) => ({
          answer: answer as { status: number; body: { ok: boolean; value?: number; data?: string } },
          ms: Date.now() - started,
        })),
      ),
    );
    const busy = answers.filter(({ answer }) => answer.body.ok === false);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy.length).toBeLessThanOrEqual(100);
    for (const { answer, ms } of busy) {
      expect(answer).toEqual({
        status: 200,
        body: {
          ok: false,
          data: expect.stringMatching(`the user code host is busy: ${HOST_MAX_WAITING} calls are waiting`),
        },
      });
      // Shed on arrival, not after waiting out the line (256 turns of a few ms).
      expect(ms).toBeLessThan(1_000);
    }
    const served = answers.filter(({ answer }) => answer.body.ok === true);
    expect(served.length + busy.length).toBe(HOST_MAX_WAITING + 100);
    expect(served.length).toBeGreaterThanOrEqual(HOST_MAX_WAITING);
  });

  it("answers a call that throws with its message, as the Worker Loader would", async () => {
    const answer = await post("/run", {
      id: "throws",
      code: workerCode("throw new Error('boom');"),
      call: {},
    });
    expect(answer).toEqual({ status: 500, body: { error: "boom" } });
  });

  it("times each call from its turn: a function past `limitMs`, waiting or running, answers a timeout", async () => {
    const late = { ok: false, data: "user code did not finish within 100 ms" };
    const sleeps = workerCode(
      "return new Promise((done) => setTimeout(() => done({ ok: true, value: 1 }), 400));",
    );
    expect(await post("/run", { id: "sleeps", code: sleeps, call: {}, limitMs: 100 })).toEqual({
      status: 200,
      body: late,
    });
    const spins = workerCode(
      "let x = 0; for (let i = 0; i < 2e8; i++) x = (x + i) % 7; return { ok: true, value: x };",
    );
    expect(await post("/run", { id: "spins", code: spins, call: {}, limitMs: 100 })).toEqual({
      status: 200,
      body: late,
    });
    expect(await post("/run", { id: "a", call: { x: 1 }, limitMs: 100 })).toMatchObject({
      body: { value: 2 },
    });
  });

  it("runs other calls while a function waits: a waiting call holds no one back", async () => {
    const waits = workerCode(
      "return new Promise((done) => setTimeout(() => done({ ok: true, value: 'waited' }), 600));",
    );
    const order: string[] = [];
    const slow = post("/run", { id: "waits", code: waits, call: {} }).then((answer) => {
      order.push("waits");
      return answer;
    });
    await new Promise((done) => setTimeout(done, 100));
    expect(await post("/run", { id: "a", call: { x: 1 } })).toMatchObject({ body: { value: 2 } });
    order.push("quick");
    expect(await slow).toEqual({ status: 200, body: { ok: true, value: "waited" } });
    expect(order).toEqual(["quick", "waits"]);
  });

  it("words the timeout itself when the loaded worker's wait for an outcome ends first", async () => {
    // The worker's finish and the host's own timer end at about the same moment; either way, one answer.
    const code = {
      compatibilityDate: "2026-04-20",
      mainModule: "main.js",
      modules: {
        "main.js": `import { WorkerEntrypoint } from "cloudflare:workers";
export default class U extends WorkerEntrypoint { start() { return { pending: "p" }; } finish() { return { late: true }; } }`,
      },
    };
    expect(await post("/run", { id: "late-first", code, call: {}, limitMs: 300 })).toEqual({
      status: 200,
      body: { ok: false, data: "user code did not finish within 300 ms" },
    });
  });

  it("lets functions that wait run side by side, as mb's do, each still held to its limit", async () => {
    // 20 calls that wait 400 ms each: one after another they would take 8 s.
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post("/run", { id: "sleeps", call: {}, limitMs: 1_000 })),
    );
    expect(answers).toEqual(
      Array.from({ length: 20 }, () => ({ status: 200, body: { ok: true, value: 1 } })),
    );
    expect(Date.now() - started).toBeLessThan(3_000);
    const never = workerCode("return new Promise(() => {});");
    expect(await post("/run", { id: "never", code: never, call: {}, limitMs: 200 })).toEqual({
      status: 200,
      body: { ok: false, data: "user code did not finish within 200 ms" },
    });
  });

  it("is healthy while a function waits, and killed and started again while one loops", async () => {
    expect(await host.check()).toBe("healthy");
    const pid = host.pid;
    const looping = post("/run", { id: "loop", code: workerCode("while (true) {}"), call: {} });
    await new Promise((done) => setTimeout(done, 100));
    expect(await host.check()).toBe("killed");
    expect(await looping).toBeInstanceOf(Error);
    await host.start();
    expect(host.pid).not.toBe(pid);
    expect(await host.check()).toBe("healthy");
  });

  it("replaces a host that runs but does not answer when the edge asks for one", async () => {
    const pid = host.pid ?? 0;
    process.kill(pid, "SIGSTOP");
    await host.ensure();
    expect(host.pid).not.toBe(pid);
    expect(await host.check()).toBe("healthy");
  });

  it("kills only the host it judged, not one started while it judged", async () => {
    await host.start();
    const judged = host.pid ?? 0;
    const ensured = host.ensure();
    // Within the verdict's first 200 ms: the judged host dies, and another starts that cannot listen yet.
    process.kill(judged, "SIGKILL");
    while (host.pid !== undefined) await new Promise((done) => setTimeout(done, 5));
    const starting = host.start();
    const next = host.pid ?? 0;
    process.kill(next, "SIGSTOP");
    // The verdict (no host answers the socket) lands while the new host is stopped; then it may go on.
    await new Promise((done) => setTimeout(done, 600));
    process.kill(next, "SIGCONT");
    await starting;
    await ensured;
    expect(host.pid).toBe(next);
    expect(await host.check()).toBe("healthy");
  });

  it("fails a start whose spawn fails, and starts on the next use", async () => {
    // As spawn fails past the launcher's open-file limit (EMFILE): an 'error' and no 'exit'.
    let spawns = 0;
    const flaky = new UserCodeHost({}, (command, args, options) =>
      spawn(++spawns === 1 ? "/nonexistent/workerd" : command, args, options),
    );
    try {
      await expect(flaky.start()).rejects.toThrow(/did not start: spawn \/nonexistent\/workerd ENOENT/);
      expect(flaky.pid).toBeUndefined();
      await flaky.start();
      expect(await flaky.check()).toBe("healthy");
    } finally {
      await flaky.stop();
    }
  });

  it("starts again on next use after it died by itself", async () => {
    const starts = host.starts;
    process.kill(host.pid ?? 0, "SIGKILL");
    await new Promise((done) => setTimeout(done, 100));
    expect(host.pid).toBeUndefined();
    expect(await host.check()).toBe("down");
    await host.start();
    expect(host.starts).toBe(starts + 1);
    expect(await post("/run", { id: "a", call: {} })).toMatchObject({ status: 409 });
  });
});
