import { createServer } from "node:http";
import { connect, createServer as createNetServer, type Socket } from "node:net";
import { delayMark, FAULT_HEADER } from "@mockctl/contract/faults";
import { describe, expect, it } from "vitest";
import { forward } from "./port-forward.ts";
import { get, listen, raw } from "./stand-in.testing.ts";
import { UpstreamPool } from "./upstream-pool.ts";

/** An imposter's own port in front of a stand-in for workerd on `port`. */
async function ownPort(port: number): Promise<number> {
  const pool = new UpstreamPool({ host: "127.0.0.1", port });
  return listen(createServer((incoming, outgoing) => forward(4545, incoming, outgoing, { pool })));
}

/** A stand-in for workerd that writes `answer` for every request head it reads, as bytes. */
async function rawWorkerd(answer: (head: string) => string): Promise<number> {
  const server = createNetServer((socket) => {
    let text = "";
    socket.on("data", (chunk: Buffer) => {
      text += chunk.toString("latin1");
      const end = text.indexOf("\r\n\r\n");
      if (end < 0) return;
      socket.write(answer(text.slice(0, end)), "latin1");
      text = text.slice(end + 4);
    });
  });
  return listen(server);
}

describe("an imposter's own port, against answers that go wrong", () => {
  it("reads the next answer on a kept connection whose last answer waited for a client that does not read", async () => {
    const big = Buffer.alloc(4 * 1024 * 1024, "b");
    const workerd = createServer((incoming, outgoing) => {
      if (incoming.url?.endsWith("/big")) outgoing.setHeader(FAULT_HEADER, delayMark(100)).end(big);
      else outgoing.end("small");
    });
    const own = await ownPort(await listen(workerd));
    // Sends its request and never reads: the answer, held for its wait, fills the client's side.
    const stuck: Socket = connect(own, "127.0.0.1", () =>
      stuck.write("GET /big HTTP/1.1\r\nHost: x\r\n\r\n"),
    );
    stuck.pause();
    await new Promise((done) => setTimeout(done, 400));
    expect(await get(own, "/small", 3_000)).toBe("200 small");
    stuck.destroy();
  });

  it.each([
    ["at once", ""],
    ["after a stub's wait", `${FAULT_HEADER}: ${delayMark(50)}\r\n`],
  ])("answers 502 for a header value Node will not write, %s", async (_, mark) => {
    const bad = `HTTP/1.1 200 OK\r\n${mark}X-Bad: a\u0001b\r\nContent-Length: 2\r\n\r\nok`;
    const own = await ownPort(await rawWorkerd(() => bad));
    expect(await get(own, "/bad")).toMatch(/^502 .*bad gateway/);
  });

  it("keeps header values' bytes as workerd sent them, 0xA0 (the end of UTF-8's `à`) included", async () => {
    const own = await ownPort(
      await rawWorkerd(() => "HTTP/1.1 200 OK\r\nX-City: Ferr\u00c3\u00a0 \r\nContent-Length: 0\r\n\r\n"),
    );
    const text = await raw(own, "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    expect(text).toContain("X-City: Ferr\u00c3\u00a0\r\n");
  });

  it("serves the request pipelined behind an upload that workerd answered before reading it all", async () => {
    const workerd = createServer((incoming, outgoing) => {
      outgoing.end(incoming.url?.endsWith("/upload") ? "early" : "after");
    });
    const own = await ownPort(await listen(workerd));
    const body = Buffer.alloc(6 * 1024 * 1024, "u");
    const upload = `POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: ${body.length}\r\n\r\n`;
    const next = "GET /next HTTP/1.1\r\nHost: x\r\n\r\n";
    const text = await raw(own, Buffer.concat([Buffer.from(upload), body, Buffer.from(next)]), 1_500);
    expect(text.match(/HTTP\/1\.1 200 OK/g)).toHaveLength(2);
    expect(text.endsWith("after")).toBe(true);
  });
});
