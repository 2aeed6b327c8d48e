import { createServer, type IncomingMessage, request, type ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { forward } from "./port-forward.ts";
import { listen, raw } from "./stand-in.testing.ts";
import { UpstreamPool } from "./upstream-pool.ts";

/** What a stand-in for workerd saw of one request. */
interface Seen {
  connection: number;
  method: string;
  url: string;
  headers: string[];
  body: Buffer;
}

/** A stand-in for workerd: `answer` decides what each request gets, after its body was read whole. */
async function standIn(answer: (seen: Seen, outgoing: ServerResponse) => void) {
  const seen: Seen[] = [];
  let connections = 0;
  const server = createServer((incoming: IncomingMessage, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const one = {
        connection: (incoming.socket as unknown as { n: number }).n,
        method: incoming.method ?? "",
        url: incoming.url ?? "",
        headers: incoming.rawHeaders,
        body: Buffer.concat(chunks),
      };
      seen.push(one);
      answer(one, outgoing);
    });
  });
  server.on("connection", (socket) => Object.assign(socket, { n: ++connections }));
  const port = await listen(server);
  const pool = new UpstreamPool({ host: "127.0.0.1", port });
  const own = await listen(createServer((incoming, outgoing) => forward(4545, incoming, outgoing, { pool })));
  return { own, seen, pool, connections: () => connections };
}

describe("requests on an imposter's own port, on the pool's connections to workerd", () => {
  it("sends each request on a kept connection, and a HEAD's answer ends without a body", async () => {
    // A HEAD's answer says the length a GET's body would have, and sends none.
    const workerd = await standIn((_, outgoing) => outgoing.setHeader("Content-Length", 4).end("body"));
    const head = "HEAD /h HTTP/1.1\r\nHost: x\r\n\r\n";
    const get = "GET /g HTTP/1.1\r\nHost: x\r\n\r\n";
    const text = await raw(workerd.own, head + get);
    const [before, headAnswer, getAnswer] = text.split("HTTP/1.1 200 OK\r\n");
    expect([before, headAnswer?.endsWith("\r\n\r\n"), getAnswer?.endsWith("\r\n\r\nbody")]).toEqual([
      "",
      true,
      true,
    ]);
    expect(headAnswer).toContain("Content-Length: 4");
    expect(workerd.seen.map((one) => [one.method, one.url, one.connection])).toEqual([
      ["HEAD", "/i/4545/h", 1],
      ["GET", "/i/4545/g", 1],
    ]);
  });

  it.each([
    ["a POST with a body", "POST /second HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nhi", "hi"],
    ["a GET without one", "GET /second HTTP/1.1\r\nHost: x\r\n\r\n", ""],
  ])("sends %s again on a new connection when workerd closed the kept one as it went out, and keeps the new one", async (_, sent, body) => {
    const workerd = await standIn((one, outgoing) => {
      // workerd's idle close, as the second request on the first connection arrives: no answer, a FIN.
      if (one.url.endsWith("/second") && one.connection === 1) outgoing.socket?.end();
      else outgoing.end(`answered ${one.url}`);
    });
    const first = await raw(workerd.own, "GET /first HTTP/1.1\r\nHost: x\r\n\r\n");
    const second = await raw(workerd.own, sent);
    const third = await raw(workerd.own, "GET /third HTTP/1.1\r\nHost: x\r\n\r\n");
    expect(first).toContain("answered /i/4545/first");
    expect(second).toMatch(/^HTTP\/1\.1 200 OK[\s\S]*answered \/i\/4545\/second$/);
    expect(third).toContain("answered /i/4545/third");
    expect(workerd.seen.map((one) => [one.url, one.connection, one.body.toString()])).toEqual([
      ["/i/4545/first", 1, ""],
      ["/i/4545/second", 1, body],
      ["/i/4545/second", 2, body],
      ["/i/4545/third", 2, ""],
    ]);
  });

  it("answers 502 in mb's envelope when workerd closes a new connection without an answer", async () => {
    const workerd = await standIn((_, outgoing) => outgoing.socket?.destroy());
    const text = await raw(workerd.own, "GET /gone HTTP/1.1\r\nHost: x\r\n\r\n");
    expect(text).toMatch(/^HTTP\/1\.1 502 Bad Gateway/);
    expect(text).toContain('"code":"bad gateway"');
    expect(workerd.seen).toHaveLength(1);
  });

  it("sends a chunked body on in chunks, and a body past the 1 MiB hold whole", async () => {
    const workerd = await standIn((one, outgoing) => outgoing.end(`${one.body.length}`));
    const chunked =
      "POST /c HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3;e=1\r\nhel\r\n2\r\nlo\r\n0\r\n\r\n";
    expect(await raw(workerd.own, chunked)).toMatch(/\r\n\r\n5$/);
    const big = Buffer.alloc(3 * 1024 * 1024 + 7, "x");
    const head = `PUT /big HTTP/1.1\r\nHost: x\r\nContent-Length: ${big.length}\r\n\r\n`;
    expect(await raw(workerd.own, Buffer.concat([Buffer.from(head), big]), 1000)).toMatch(
      new RegExp(`\r\n\r\n${big.length}$`),
    );
    const [first, second] = workerd.seen;
    expect(first?.headers).toContain("Transfer-Encoding");
    expect([first?.body.toString(), second?.body.equals(big)]).toEqual(["hello", true]);
  });

  it("streams a large answer to a client that reads it slowly, every byte in order", async () => {
    const size = 8 * 1024 * 1024;
    const body = Buffer.alloc(size);
    for (let i = 0; i < size; i++) body[i] = i % 251;
    const workerd = await standIn((_, outgoing) => outgoing.end(body));
    const got = await new Promise<Buffer>((resolve, reject) => {
      request({ host: "127.0.0.1", port: workerd.own, path: "/large", agent: false }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          // A client slower than workerd: the launcher writes on only as the client drains.
          answer.pause();
          setTimeout(() => answer.resume(), 1);
        });
        answer.on("end", () => resolve(Buffer.concat(chunks)));
      })
        .on("error", reject)
        .end();
    });
    expect(got.equals(body)).toBe(true);
  });

  it("closes workerd's connection behind a client that leaves during its answer, and keeps no part of it", async () => {
    let cut = 0;
    const workerd = await standIn((one, outgoing) => {
      if (one.url.endsWith("/ok")) {
        outgoing.end("ok");
        return;
      }
      outgoing.write("part ");
      outgoing.on("close", () => cut++);
    });
    await raw(workerd.own, "GET /slow HTTP/1.1\r\nHost: x\r\n\r\n", 200);
    await new Promise((done) => setTimeout(done, 100));
    expect(cut).toBe(1);
    expect(await raw(workerd.own, "GET /ok HTTP/1.1\r\nHost: x\r\n\r\n")).toMatch(/\r\n\r\nok$/);
    expect(workerd.seen.map((one) => one.connection)).toEqual([1, 2]);
  });
});
