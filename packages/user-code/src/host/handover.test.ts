import { once } from "node:events";
import { connect, type Socket } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { supervisorService } from "./index.ts";
import { UserCodeHost } from "./supervisor.ts";
import { workerCode } from "./worker-code.testing.ts";

/**
 * Issue 8: a host replaced under load (recycle.ts) drains on SIGTERM and closes every connection the edge
 * keeps in its pool. A call sent on one of those is lost, and so would be a retry through the same pool; the
 * supervisor's relay sends it on a connection of its own to the host that now holds the socket's name.
 * Here every look (each 100 ms) replaces the host.
 */
const host = new UserCodeHost({ busyAboveMb: 0, intervalMs: 100 });
const supervisor = supervisorService(host);
afterAll(() => host.stop());

const code = workerCode("return { ok: true, value: call.x + 1 };");

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Writes a call on `socket` (keep-alive, as workerd's pool does) and answers what came back: the status line
 * once the host answered, or "" when the host closed the connection instead (within a second).
 */
async function callOn(socket: Socket, body: string): Promise<string> {
  let received = "";
  const onData = (chunk: Buffer) => {
    received += String(chunk);
  };
  socket.on("data", onData);
  socket.write(`POST /run HTTP/1.1\r\nHost: h\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
  const deadline = Date.now() + 1_000;
  while (!received.includes("\r\n\r\n") && !socket.destroyed && Date.now() < deadline) await sleep(10);
  socket.off("data", onData);
  return received.split("\r\n")[0] ?? "";
}

const until = async (done: () => boolean) => {
  while (!done()) await sleep(20);
};

describe("replacing the user-code host", () => {
  it("loses a call on a connection kept to the old host, and relays it to the new one", async () => {
    await host.start();
    // A connection as the edge's pool keeps one: it carried a call to the host of the moment, idle since.
    const kept = connect(host.socketPath);
    kept.on("error", () => {});
    await once(kept, "connect");
    const call = JSON.stringify({ id: "sum", call: { x: 1 }, code, limitMs: 1_000 });
    expect(await callOn(kept, call)).toBe("HTTP/1.1 200 OK");

    // Once a second host after the one that answered has started, that one has drained and exited (one
    // replacement at a time).
    const seen = host.starts;
    await until(() => host.starts > seen + 1);
    // The old host closed it as it drained: a call written on it gets no answer.
    expect(await callOn(kept, call)).toBe("");
    // The relay reaches the host of now, which has never seen the code (409) and runs it once sent.
    const relayed = (body: object) =>
      supervisor(new Request("http://supervisor/run", { method: "POST", body: JSON.stringify(body) }));
    const withoutCode = await relayed({ id: "sum", call: { x: 1 }, limitMs: 1_000 });
    expect(withoutCode.status).toBe(409);
    const withCode = await relayed({ id: "sum", call: { x: 41 }, code, limitMs: 1_000 });
    expect(await withCode.json()).toEqual({ ok: true, value: 42 });
  });

  it("answers 503 to a relay when no host runs: a relay never starts one", async () => {
    const quiet = new UserCodeHost();
    try {
      await quiet.start();
      process.kill(quiet.pid ?? 0, "SIGKILL");
      await until(() => quiet.pid === undefined);
      const answer = await supervisorService(quiet)(
        new Request("http://supervisor/run", { method: "POST", body: "{}" }),
      );
      expect(answer.status).toBe(503);
      expect(quiet.pid).toBeUndefined();
    } finally {
      await quiet.stop();
    }
  });
});
