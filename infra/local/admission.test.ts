import { connect, createServer, type Server, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { Admission } from "./admission.ts";
import { type KeepAliveSocket, listenKeepAlive } from "./keep-alive.ts";

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe("admission", () => {
  it("lets in up to its limit, then one waiter per leave, oldest first, skipping the withdrawn", () => {
    const admission = new Admission(2);
    const admitted: string[] = [];
    const keys = new Map<string, () => void>();
    const waiter = (name: string) => {
      const admit = () => admitted.push(name);
      keys.set(name, admit);
      return admit;
    };
    const leave = (name: string) => admission.leave(keys.get(name) ?? (() => {}));
    expect(admission.enter(waiter("a"))).toBe(true);
    expect(admission.enter(waiter("b"))).toBe(true);
    expect(admission.enter(waiter("c"))).toBe(false);
    expect(admission.enter(waiter("d"))).toBe(false);
    expect(admission.enter(waiter("e"))).toBe(false);
    admission.withdraw(keys.get("c") ?? (() => {}));
    leave("a");
    expect(admitted).toEqual(["d"]);
    // A second leave of the same request frees no second place.
    leave("a");
    expect([admission.inside, admission.waiting]).toEqual([2, 1]);
    leave("b");
    expect(admitted).toEqual(["d", "e"]);
    expect([admission.inside, admission.waiting]).toEqual([2, 0]);
    leave("d");
    leave("e");
    expect(admission.inside).toBe(0);
    expect(admission.enter(waiter("f"))).toBe(true);
    admission.close();
  });

  it.each([
    // waiting, idle share, requests inside SLOW_MS or more, limit before -> after
    [3, undefined, 2, 2, 4],
    [3, undefined, 1, 2, 4],
    [3, undefined, 0, 2, 2],
    [0, undefined, 2, 2, 2],
    [3, 0.9, 0, 2, 2],
    [3, 0.9, 256, 256, 512],
    [3, 0.2, 256, 256, 256],
    [3, undefined, 256, 256, 256],
    [3, 0.9, 256, 512, 1024],
    [3, 0.9, 8, 1024, 512],
    [0, undefined, 1, 8, 4],
    [0, undefined, 2, 8, 8],
    [3, 0.05, 0, 8, 4],
    [0, 0.05, 0, 2, 2],
  ])("with %i waiting, the CPUs %s idle and %i slow, goes from a limit of %i to %i", (waiting, idle, slow, from, to) => {
    const admission = new Admission(2, { max: 1024 });
    while (admission.limit < from) {
      // One more than it lets in, all slow, on idle CPUs: a waiter, which doubles the limit.
      const keys = Array.from({ length: admission.limit + 1 }, () => () => {});
      for (const key of keys) admission.enter(key);
      admission.adapt(1, admission.limit);
      for (const key of keys) admission.leave(key);
    }
    admission.close();
    for (let i = 0; i < admission.limit + waiting; i++) admission.enter(() => {});
    expect([admission.limit, admission.waiting]).toEqual([from, waiting]);
    admission.adapt(idle, slow);
    expect(admission.limit).toBe(to);
    admission.close();
  });

  it.each([
    // workerd's event loop's share of a CPU, requests inside SLOW_MS or more, limit before -> after
    [undefined, 8, 8, 16],
    [0.5, 8, 8, 16],
    [0.79, 8, 8, 16],
    [0.8, 8, 8, 4],
    [0.96, 8, 8, 4],
    [0.96, 2, 2, 2],
    [0.3, 0, 8, 4],
  ])("with workerd's loop at %s of a CPU and %i slow, goes from a limit of %i to %i", (busy, slow, from, to) => {
    const admission = new Admission(2);
    while (admission.limit < from) {
      for (let i = 0; i < admission.limit + 1; i++) admission.enter(() => {});
      admission.adapt(undefined, admission.limit);
    }
    admission.close();
    while (admission.waiting === 0) admission.enter(() => {});
    expect(admission.limit).toBe(from);
    // Saturated, the requests inside are slow because they wait for workerd: more inside only starves some.
    admission.adapt(undefined, slow, busy);
    expect(admission.limit).toBe(to);
    admission.close();
  });

  it("keeps its limit while the slow requests filling it wait for a saturated workerd", async () => {
    const admission = new Admission(2, { busy: () => 0.95 });
    for (const _ of [1, 2]) admission.enter(() => {});
    expect(admission.enter(() => {})).toBe(false);
    await sleep(60);
    expect(admission.enter(() => {})).toBe(false);
    expect([admission.limit, admission.inside, admission.waiting]).toEqual([2, 2, 2]);
    admission.close();
  });

  it("lets more in at once when slow requests fill its places, without waiting for the CPUs' reading", async () => {
    const admission = new Admission(2);
    const admitted: string[] = [];
    for (const name of ["wait 1", "wait 2"]) admission.enter(() => admitted.push(name));
    // Quick requests behind two that wait by design (a `wait` behavior): held, until those have been
    // inside SLOW_MS, and then let in by the next one to arrive, which goes straight in.
    expect(admission.enter(() => admitted.push("quick 1"))).toBe(false);
    await sleep(60);
    expect(admission.enter(() => admitted.push("quick 2"))).toBe(true);
    expect(admitted).toEqual(["quick 1"]);
    expect([admission.limit, admission.inside, admission.waiting]).toEqual([4, 4, 0]);
    admission.close();
  });

  it("lets waiters in on its own when slow requests hold its places, with no new request to prompt it", async () => {
    const admission = new Admission(1);
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
  /** Answers the oldest request held, with `headers` (whole lines) after its length. */
  const release = (headers = "") => {
    const socket = pending.shift();
    socket?.write(`HTTP/1.1 200 OK\r\nContent-Length: 2\r\n${headers}\r\nok`);
  };
  const listening = new Promise<number>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port)),
  );
  return { server, listening, release, received: () => received };
}

function send(port: number): { socket: Socket; answered: Promise<string>; whole: Promise<string> } {
  const socket = connect(port, "127.0.0.1");
  const whole = new Promise<string>((resolve) => socket.once("data", (chunk) => resolve(chunk.toString())));
  const answered = new Promise<string>((resolve) => {
    socket.once("data", (chunk) => resolve(chunk.toString().split("\r\n\r\n")[1] ?? ""));
    socket.once("close", () => resolve("closed"));
    socket.on("error", () => resolve("reset"));
  });
  socket.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
  return { socket, answered, whole };
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
      // Held requests are not judged slow here: what is tested is the line itself.
      ...(maxInFlight > 0 && { admission: new Admission(maxInFlight, { slowMs: 60_000 }) }),
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

  it("serves a stub's wait itself: its place is free once workerd answers, the client is answered later", async () => {
    const { fake, port } = await start(1);
    const waiting = send(port);
    await sleep(50);
    const next = send(port);
    await sleep(50);
    expect(fake.received()).toBe(1);
    const answeredAt = Date.now();
    fake.release("x-mockctl-fault: DELAY_ANSWER 300\r\nX-A: 1\r\n");
    await sleep(100);
    // The next request went in at workerd's answer, and is answered while the first still waits.
    expect(fake.received()).toBe(2);
    fake.release();
    expect(await next.answered).toBe("ok");
    expect(await Promise.race([waiting.whole, sleep(50).then(() => "still waiting")])).toBe("still waiting");
    // Then the first, without the mark, the stub's wait after workerd's answer.
    expect(await waiting.whole).toBe("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nX-A: 1\r\n\r\nok");
    expect(Date.now() - answeredAt).toBeGreaterThanOrEqual(290);
    for (const client of [waiting, next]) client.socket.destroy();
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

  it("relays a request that arrives as the line widens for the slow ones holding it", async () => {
    const fake = heldWorkerd();
    upstream = fake.server;
    const port = await fake.listening;
    const admission = new Admission(1, { slowMs: 30 });
    relay = await listenKeepAlive({
      host: "127.0.0.1",
      port: 0,
      upstream: { host: "127.0.0.1", port },
      admission,
    });
    const slow = send(relay.port);
    await sleep(80);
    // Its arrival doubles the limit: it goes in with the widening, and must be sent, not left in the line.
    const arriving = send(relay.port);
    await sleep(80);
    expect(fake.received()).toBe(2);
    fake.release();
    fake.release();
    expect(await Promise.all([slow.answered, arriving.answered])).toEqual(["ok", "ok"]);
    for (const client of [slow, arriving]) client.socket.destroy();
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
