import { connect, createServer, type Server, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { Admission } from "./admission.ts";
import { type KeepAliveSocket, listenKeepAlive } from "./keep-alive.ts";

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe("admission", () => {
  it("lets in up to its limit, then one waiter per leave, oldest first, skipping the withdrawn", () => {
    const admission = new Admission(2);
    const admitted: string[] = [];
    const waiter = (name: string) => () => admitted.push(name);
    expect(admission.enter(waiter("a"))).toBe(true);
    expect(admission.enter(waiter("b"))).toBe(true);
    const c = waiter("c");
    expect(admission.enter(c)).toBe(false);
    expect(admission.enter(waiter("d"))).toBe(false);
    expect(admission.enter(waiter("e"))).toBe(false);
    admission.withdraw(c);
    admission.leave();
    expect(admitted).toEqual(["d"]);
    admission.leave();
    expect(admitted).toEqual(["d", "e"]);
    expect([admission.inside, admission.waiting]).toEqual([2, 0]);
    admission.leave();
    admission.leave();
    expect(admission.inside).toBe(0);
    expect(admission.enter(waiter("f"))).toBe(true);
  });

  it.each([
    // waiting, idle share, limit before -> after
    [3, 0.9, 2, 4],
    [3, 0.2, 2, 2],
    [0, 0.9, 2, 2],
    [0, 0.05, 8, 4],
    [3, 0.05, 8, 4],
    [0, 0.05, 2, 2],
    [3, 0.9, 128, 128],
  ])("with %i waiting and the CPUs %f idle, goes from a limit of %i to %i", (waiting, idle, from, to) => {
    const admission = new Admission(2, () => undefined, 128);
    while (admission.limit < from) {
      // One more than it lets in: a waiter, which idle CPUs let in by doubling the limit.
      for (let i = admission.limit; i >= 0; i--) admission.enter(() => {});
      admission.adapt(1);
      while (admission.inside > 0) admission.leave();
    }
    admission.close();
    for (let i = 0; i < admission.limit + waiting; i++) admission.enter(() => {});
    expect([admission.limit, admission.waiting]).toEqual([from, waiting]);
    admission.adapt(idle);
    expect(admission.limit).toBe(to);
    admission.close();
  });

  it("judges a spell of waiting by the CPUs' idle time since it began, not since the last spell", async () => {
    // The first reading of a spell covers the quiet minutes before it: idle, and not a reason to let more in.
    const readings = [0.99];
    const admission = new Admission(1, () => readings.shift() ?? 0);
    admission.enter(() => {});
    admission.enter(() => {});
    await sleep(500);
    expect([admission.limit, admission.waiting]).toEqual([1, 1]);
    admission.close();
  });

  it("lets waiters in when the CPUs it asks about are idle, without being asked", async () => {
    const admission = new Admission(1, () => 0.9);
    const admitted: number[] = [];
    for (const n of [1, 2, 3]) if (admission.enter(() => admitted.push(n))) admitted.push(n);
    expect(admitted).toEqual([1]);
    await sleep(500);
    expect(admitted).toEqual([1, 2, 3]);
    admission.close();
  });
});

/** A stand-in for workerd that answers a request only when told to, oldest first, and counts them. */
function heldWorkerd() {
  const pending: Socket[] = [];
  let received = 0;
  const server = createServer((socket) => {
    socket.on("data", () => {
      received++;
      pending.push(socket);
    });
    socket.on("error", () => {});
  });
  const release = () => {
    const socket = pending.shift();
    socket?.write(`HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok`);
  };
  const listening = new Promise<number>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port)),
  );
  return { server, listening, release, received: () => received };
}

function send(port: number): { socket: Socket; answered: Promise<string> } {
  const socket = connect(port, "127.0.0.1");
  const answered = new Promise<string>((resolve) => {
    socket.once("data", (chunk) => resolve(chunk.toString().split("\r\n\r\n")[1] ?? ""));
    socket.once("close", () => resolve("closed"));
    socket.on("error", () => resolve("reset"));
  });
  socket.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
  return { socket, answered };
}

describe("the relay's admission", () => {
  let upstream: Server | undefined;
  let relay: KeepAliveSocket | undefined;
  afterEach(async () => {
    await relay?.close();
    upstream?.close();
  });

  async function start(maxInFlight: number) {
    const fake = heldWorkerd();
    upstream = fake.server;
    const port = await fake.listening;
    relay = await listenKeepAlive({
      host: "127.0.0.1",
      port: 0,
      upstream: { host: "127.0.0.1", port },
      ...(maxInFlight > 0 && { admission: new Admission(maxInFlight) }),
    });
    return { fake, port: relay.port };
  }

  it("relays no more requests at once than its limit, and the next when one is answered", async () => {
    const { fake, port } = await start(2);
    const clients = [send(port), send(port), send(port)];
    await sleep(100);
    expect(fake.received()).toBe(2);
    fake.release();
    await sleep(100);
    expect(fake.received()).toBe(3);
    fake.release();
    fake.release();
    expect(await Promise.all(clients.map((client) => client.answered))).toEqual(["ok", "ok", "ok"]);
    for (const client of clients) client.socket.destroy();
  });

  it("never relays a waiting request whose client left, and lets the next one in", async () => {
    const { fake, port } = await start(1);
    const first = send(port);
    await sleep(50);
    const gone = send(port);
    await sleep(50);
    gone.socket.destroy();
    await sleep(50);
    fake.release();
    expect(await first.answered).toBe("ok");
    const next = send(port);
    await sleep(100);
    expect(fake.received()).toBe(2);
    fake.release();
    expect(await next.answered).toBe("ok");
    for (const client of [first, next]) client.socket.destroy();
  });

  it("relays everything at once with no limit", async () => {
    const { fake, port } = await start(0);
    const clients = Array.from({ length: 5 }, () => send(port));
    await sleep(100);
    expect(fake.received()).toBe(5);
    for (const _ of clients) fake.release();
    await Promise.all(clients.map((client) => client.answered));
    for (const client of clients) client.socket.destroy();
  });
});
