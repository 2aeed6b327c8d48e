import { connect, createServer, type Server, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { Admission } from "./admission.ts";
import { type KeepAliveSocket, listenKeepAlive } from "./keep-alive.ts";

const IDLE_MS = 200;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const answer = (body: string, extra = "") =>
  `HTTP/1.1 200 OK\r\nContent-Length: ${body.length}\r\n${extra}\r\n${body}`;

/**
 * A stand-in for workerd: answers each request (one per write) with its connection's number. `mode`
 * "idle" closes a connection IDLE_MS after an answer, as workerd does; "race" instead drops a request that
 * comes after that long unread, as workerd does when its timer and the request are due at once; "close"
 * answers with `Connection: close` and closes.
 */
function fakeWorkerd(mode: "idle" | "race" | "close"): Promise<{ server: Server; port: number }> {
  let connections = 0;
  const server = createServer((socket) => {
    const id = String(++connections);
    let answeredAt = Date.now();
    let timer: NodeJS.Timeout | undefined;
    socket.on("data", () => {
      clearTimeout(timer);
      if (mode === "race" && Date.now() - answeredAt >= IDLE_MS) return void socket.destroy();
      socket.write(answer(id, mode === "close" ? "Connection: close\r\n" : ""));
      answeredAt = Date.now();
      if (mode === "close") socket.end();
      if (mode === "idle") timer = setTimeout(() => socket.end(), IDLE_MS);
    });
    socket.on("error", () => {});
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve({ server, port: portOf(server) })),
  );
}

const portOf = (server: Server) => (server.address() as { port: number }).port;

/** A client's raw connection: `send` writes a request and resolves with the next answer's body. */
function rawClient(port: number) {
  const socket: Socket = connect(port, "127.0.0.1");
  const ended = new Promise<string>((done) =>
    socket.on("end", () => done("end")).on("error", () => done("reset")),
  );
  const send = () =>
    new Promise<string>((resolve) => {
      socket.once("data", (chunk) => resolve(chunk.toString().split("\r\n\r\n")[1] ?? ""));
      socket.once("close", () => resolve("closed"));
      socket.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    });
  return { socket, send, ended };
}

describe("the keep-alive relay in front of workerd", () => {
  let upstream: Server | undefined;
  let relay: KeepAliveSocket | undefined;
  afterEach(async () => {
    await relay?.close();
    upstream?.close();
  });

  async function start(mode: "idle" | "race" | "close", clientIdleMs?: number, held?: boolean) {
    const fake = await fakeWorkerd(mode);
    upstream = fake.server;
    const options = { host: "127.0.0.1", port: 0, upstream: { host: "127.0.0.1", port: fake.port } };
    relay = await listenKeepAlive({
      ...options,
      upstreamIdleCloseMs: IDLE_MS,
      ...(clientIdleMs && { clientIdleMs }),
      ...(held && { held }),
    });
    return rawClient(relay.port);
  }

  it("holds a client that connects before it opens, then answers it", async () => {
    const client = await start("idle", undefined, true);
    let answered: string | undefined;
    const first = client.send().then((body) => {
      answered = body;
      return body;
    });
    await sleep(IDLE_MS);
    expect(answered).toBeUndefined();
    relay?.open();
    expect(await first).toBe("1");
    expect(await client.send()).toBe("1");
    client.socket.destroy();
  });

  it("keeps the client's connection when workerd closes an idle one, and dials again", async () => {
    const client = await start("idle");
    expect(await client.send()).toBe("1");
    await sleep(IDLE_MS * 2);
    expect(await client.send()).toBe("2");
    client.socket.destroy();
  });

  it("sends a request that met workerd's idle close again on a new connection", async () => {
    const client = await start("race");
    expect(await client.send()).toBe("1");
    await sleep(IDLE_MS + 50);
    expect(await client.send()).toBe("2");
    client.socket.destroy();
  });

  it("passes on a close that follows an answer (Connection: close)", async () => {
    const client = await start("close");
    expect(await client.send()).toBe("1");
    expect(await client.ended).toBe("end");
  });

  it("closes a client's connection after its own idle limit", async () => {
    const client = await start("idle", IDLE_MS * 3);
    expect(await client.send()).toBe("1");
    const idleSince = Date.now();
    expect(await client.ended).toBe("end");
    expect(Date.now() - idleSince).toBeGreaterThanOrEqual(IDLE_MS * 3 - 20);
  });

  it("holds a half-sent head out of the line, so a client that sends a whole one goes first", async () => {
    const fake = await fakeWorkerd("idle");
    upstream = fake.server;
    const admission = new Admission(1, { slowMs: 60_000 });
    const options = { host: "127.0.0.1", port: 0, upstream: { host: "127.0.0.1", port: fake.port } };
    relay = await listenKeepAlive({ ...options, upstreamIdleCloseMs: IDLE_MS, admission });
    const slow = connect(relay.port, "127.0.0.1");
    slow.on("error", () => {});
    slow.write("GET / HTTP/1.1\r\nHost: x\r\n");
    await sleep(50);
    expect(admission.inside).toBe(0);
    const client = rawClient(relay.port);
    expect(await client.send()).toBe("2");
    // The rest of the head: now it goes in, and is answered.
    const answered = new Promise<string>((done) => slow.once("data", (chunk) => done(chunk.toString())));
    slow.write("\r\n");
    expect((await answered).split("\r\n\r\n")[1]).toBe("1");
    slow.destroy();
    client.socket.destroy();
  });

  it("answers a request past its byte limit 413 in mb's envelope, sends workerd no more of it, and closes", async () => {
    let received = 0;
    let reached = () => {};
    const reachedWorkerd = new Promise<void>((done) => {
      reached = done;
    });
    upstream = createServer((socket) => {
      socket.on("data", (chunk) => {
        received += chunk.length;
        reached();
      });
      socket.on("error", () => {});
    });
    const port = await new Promise<number>((done) =>
      upstream?.listen(0, "127.0.0.1", () => done(portOf(upstream as Server))),
    );
    const options = { host: "127.0.0.1", port: 0, upstream: { host: "127.0.0.1", port } };
    relay = await listenKeepAlive({ ...options, maxRequestBytes: 1024 });
    const socket = connect(relay.port, "127.0.0.1");
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString();
    });
    const closed = new Promise((done) => socket.on("close", done));
    socket.write("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n");
    // What is under the limit reaches workerd before more comes: on a slow machine the relay's connection to
    // workerd could otherwise still be opening when the limit is passed, and workerd would get nothing.
    socket.write(`200\r\n${"x".repeat(512)}\r\n`);
    await reachedWorkerd;
    for (let i = 1; i < 8 && !socket.destroyed; i++) {
      socket.write(`200\r\n${"x".repeat(512)}\r\n`);
      await sleep(10);
    }
    await closed;
    const [head, body] = answer.split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 413 Payload Too Large\r\n/);
    expect(head).toContain("Connection: close");
    expect(JSON.parse(body ?? "")).toMatchObject({
      errors: [{ code: "limit exceeded", data: { limit: "maxRequestBytes", max: 1024 } }],
    });
    expect(received).toBeGreaterThan(0);
    expect(received).toBeLessThanOrEqual(1024);
  });

  // A stub's `Connection: close` (CLOSE_AFTER_ANSWER): the relay half-closes workerd's side and passes the
  // close on once workerd makes it, however long after its last byte that comes (review: past the quiet
  // spell it was taken for workerd's idle close, and the client stayed open).
  it.each([
    0,
    IDLE_MS * 2,
  ])("sends Connection: close in place of the mark and closes, workerd closing %i ms after", async (lag) => {
    let halfClosed = false;
    const server = createServer({ allowHalfOpen: true }, (socket) => {
      socket.on("data", () => socket.write(answer("bye", "x-mockctl-fault: CLOSE_AFTER_ANSWER\r\n")));
      socket.on("end", () => {
        halfClosed = true;
        setTimeout(() => socket.end(), lag);
      });
      socket.on("error", () => {});
    });
    upstream = server;
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", () => done()));
    const options = { host: "127.0.0.1", port: 0, upstream: { host: "127.0.0.1", port: portOf(server) } };
    relay = await listenKeepAlive({ ...options, upstreamIdleCloseMs: IDLE_MS });
    const client = rawClient(relay.port);
    let text = "";
    client.socket.on("data", (chunk) => {
      text += chunk.toString();
    });
    client.socket.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    const outcome = await Promise.race([client.ended, sleep(lag + 1_000).then(() => "still open")]);
    expect({ outcome, halfClosed }).toEqual({ outcome: "end", halfClosed: true });
    expect(text).toBe("HTTP/1.1 200 OK\r\nContent-Length: 3\r\nConnection: close\r\n\r\nbye");
    client.socket.destroy();
  });
});

describe("an answer the relay holds for its stub's wait", () => {
  it("goes out whole, the mark dropped, after the wait, though workerd sent it in pieces at once", async () => {
    const body = "x".repeat(300_000);
    const server = createServer((socket) => {
      socket.once("data", () => {
        socket.write(
          `HTTP/1.1 200 OK\r\nx-mockctl-fault: DELAY_ANSWER 200\r\nContent-Length: ${body.length}\r\n\r\n`,
        );
        for (let at = 0; at < body.length; at += 50_000) socket.write(body.slice(at, at + 50_000));
      });
      socket.on("error", () => {});
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const relay = await listenKeepAlive({
      host: "127.0.0.1",
      port: 0,
      upstream: { host: "127.0.0.1", port: portOf(server) },
    });
    const socket = connect(relay.port, "127.0.0.1");
    const sent = Date.now();
    let firstAt = 0;
    const received: Buffer[] = [];
    const whole = new Promise<string>((resolve) => {
      socket.on("data", (chunk) => {
        firstAt ||= Date.now();
        received.push(chunk);
        const text = Buffer.concat(received).toString();
        if (text.length >= text.indexOf("\r\n\r\n") + 4 + body.length && text.includes("\r\n\r\n"))
          resolve(text);
      });
    });
    socket.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    const text = await whole;
    expect(firstAt - sent).toBeGreaterThanOrEqual(190);
    expect(text).toBe(`HTTP/1.1 200 OK\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
    socket.destroy();
    await relay.close();
    server.close();
  });
});
