import { createServer, request } from "node:http";
import { describe, expect, it } from "vitest";
import { Admission } from "./admission.ts";
import { forward } from "./port-forward.ts";
import { get, listen, raw } from "./stand-in.testing.ts";
import { UpstreamPool } from "./upstream-pool.ts";

/** A stand-in for workerd that answers each request after `ms`, and counts how many it held at once. */
async function slowWorkerd(ms: number) {
  const seen = { inside: 0, most: 0, paths: [] as string[] };
  const port = await listen(
    createServer((incoming, outgoing) => {
      seen.inside++;
      seen.most = Math.max(seen.most, seen.inside);
      seen.paths.push(incoming.url ?? "");
      setTimeout(() => {
        seen.inside--;
        outgoing.end("answered");
      }, ms);
    }),
  );
  return { port, seen };
}

describe("an imposter's own port", () => {
  it("sends its requests into workerd through the platform's line, and every one is answered", async () => {
    const workerd = await slowWorkerd(50);
    const admission = new Admission(2, { slowMs: 60_000 });
    const via = { pool: new UpstreamPool({ host: "127.0.0.1", port: workerd.port }), admission };
    const own = await listen(createServer((incoming, outgoing) => forward(4545, incoming, outgoing, via)));
    const answers = await Promise.all(Array.from({ length: 8 }, (_, n) => get(own, `/n/${n}`)));
    expect(answers).toEqual(Array(8).fill("200 answered"));
    expect(workerd.seen.most).toBe(2);
    expect(workerd.seen.paths.sort()).toEqual(Array.from({ length: 8 }, (_, n) => `/i/4545/n/${n}`).sort());
    // Every place given back once its answer ended.
    expect([admission.inside, admission.waiting]).toEqual([0, 0]);
  });

  it("gives back the place of a client that leaves while it waits, taking none", async () => {
    const workerd = await slowWorkerd(100);
    const admission = new Admission(1, { slowMs: 60_000 });
    const via = { pool: new UpstreamPool({ host: "127.0.0.1", port: workerd.port }), admission };
    const own = await listen(createServer((incoming, outgoing) => forward(4545, incoming, outgoing, via)));
    const first = get(own, "/first");
    await new Promise((done) => setTimeout(done, 20));
    const leaving = request({ host: "127.0.0.1", port: own, path: "/leaves", agent: false });
    leaving.on("error", () => {});
    leaving.end();
    await new Promise((done) => setTimeout(done, 20));
    leaving.destroy();
    expect(await first).toBe("200 answered");
    expect(await get(own, "/last")).toBe("200 answered");
    expect(workerd.seen.paths).toEqual(["/i/4545/first", "/i/4545/last"]);
    expect([admission.inside, admission.waiting]).toEqual([0, 0]);
  });
});

describe("requests sent on by Node's server", () => {
  it("sends pipelined requests on one at a time, each after the answer before it", async () => {
    const workerd = await slowWorkerd(30);
    const via = { pool: new UpstreamPool({ host: "127.0.0.1", port: workerd.port }) };
    const own = await listen(createServer((incoming, outgoing) => forward(4545, incoming, outgoing, via)));
    const five = Array.from({ length: 5 }, (_, n) => `GET /p/${n} HTTP/1.1\r\nHost: x\r\n\r\n`).join("");
    const text = await raw(own, five);
    expect(text.match(/HTTP\/1\.1 200 OK/g)).toHaveLength(5);
    expect(workerd.seen.most).toBe(1);
    expect(workerd.seen.paths).toEqual(Array.from({ length: 5 }, (_, n) => `/i/4545/p/${n}`));
  });

  it("keeps the order of pipelined requests with and without bodies, one at a time", async () => {
    const workerd = await slowWorkerd(20);
    const via = { pool: new UpstreamPool({ host: "127.0.0.1", port: workerd.port }) };
    const own = await listen(createServer((incoming, outgoing) => forward(4545, incoming, outgoing, via)));
    const six = Array.from({ length: 6 }, (_, n) =>
      n % 2 === 0
        ? `GET /g/${n} HTTP/1.1\r\nHost: x\r\n\r\n`
        : `POST /p/${n} HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nb=${n}`,
    ).join("");
    const text = await raw(own, six);
    expect(text.match(/HTTP\/1\.1 200 OK/g)).toHaveLength(6);
    expect(workerd.seen.most).toBe(1);
    expect(workerd.seen.paths).toEqual([
      "/i/4545/g/0",
      "/i/4545/p/1",
      "/i/4545/g/2",
      "/i/4545/p/3",
      "/i/4545/g/4",
      "/i/4545/p/5",
    ]);
  });

  it("gives back its place in the line when the answer starts, not when it ends", async () => {
    const admission = new Admission(1, { slowMs: 60_000 });
    const started: string[] = [];
    const workerdPort = await listen(
      createServer((incoming, outgoing) => {
        started.push(incoming.url ?? "");
        outgoing.writeHead(200);
        outgoing.write("head now, ");
        setTimeout(() => outgoing.end("body later"), 300);
      }),
    );
    const via = { pool: new UpstreamPool({ host: "127.0.0.1", port: workerdPort }), admission };
    const own = await listen(createServer((incoming, outgoing) => forward(4545, incoming, outgoing, via)));
    const first = get(own, "/streams");
    await new Promise((done) => setTimeout(done, 100));
    // The first answer is still streaming; the second request is in workerd all the same.
    const second = get(own, "/next");
    await new Promise((done) => setTimeout(done, 100));
    expect(started).toEqual(["/i/4545/streams", "/i/4545/next"]);
    expect(await Promise.all([first, second])).toEqual(Array(2).fill("200 head now, body later"));
    expect([admission.inside, admission.waiting]).toEqual([0, 0]);
  });

  it("frames workerd's chunked answer for an HTTP/1.0 client to the close, with no chunks", async () => {
    const workerdPort = await listen(
      createServer((_incoming, outgoing) => {
        outgoing.write("chunked ");
        outgoing.end("upstream");
      }),
    );
    const via = { pool: new UpstreamPool({ host: "127.0.0.1", port: workerdPort }) };
    const own = await listen(createServer((incoming, outgoing) => forward(4545, incoming, outgoing, via)));
    const text = await raw(own, "GET / HTTP/1.0\r\n\r\n");
    expect(text.toLowerCase()).not.toContain("transfer-encoding");
    expect(text.endsWith("\r\n\r\nchunked upstream")).toBe(true);
  });

  it.each([
    ["a POST with no body and no length (curl -X POST)", "POST /e HTTP/1.1\r\nHost: x\r\n\r\n", []],
    ["a POST that says its length is 0", "POST /e HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n", ["0"]],
    ["a POST with a body", "POST /e HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nhi", ["2"]],
  ])("sends %s on with the length headers it came with, as mb's requests show them", async (_, sent, lengths) => {
    const seen: string[][] = [];
    let connections = 0;
    const workerdPort = await listen(
      createServer((incoming, outgoing) => {
        const raw = incoming.rawHeaders;
        seen.push(raw.filter((_, i) => i % 2 === 1 && raw[i - 1]!.toLowerCase() === "content-length"));
        incoming.resume();
        incoming.on("end", () => outgoing.end("ok"));
      }).on("connection", () => connections++),
    );
    const via = { pool: new UpstreamPool({ host: "127.0.0.1", port: workerdPort }) };
    const own = await listen(createServer((incoming, outgoing) => forward(4545, incoming, outgoing, via)));
    // Twice, the second on the pool's kept connection: a request without a length must not end its use.
    await raw(own, sent.replace("HTTP/1.1", "HTTP/1.0"));
    await raw(own, sent.replace("HTTP/1.1", "HTTP/1.0"));
    expect(seen).toEqual([lengths, lengths]);
    expect(connections).toBe(1);
  });
});
