import { connect } from "node:net";
import { freePort } from "@mockctl/differential";
import { beforeAll, describe, expect, it } from "vitest";
import { platformForTests } from "./platform-for-tests.ts";

const platform = platformForTests("handed-over", { imposterPorts: true, log: () => {} });

/** Writes `requests` on one raw connection; resolves with all it read and whether the platform closed it. */
function raw(
  requests: string,
  waitMs = 1_500,
  to = Number(new URL(platform.url).port),
): Promise<{ text: string; closed: boolean }> {
  return new Promise((resolve) => {
    let text = "";
    const socket = connect(to, "127.0.0.1", () => socket.write(requests));
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closed: false });
    }, waitMs);
    socket.on("data", (chunk) => {
      text += chunk.toString();
    });
    socket.on("end", () => {
      clearTimeout(timer);
      resolve({ text, closed: true });
    });
    socket.on("error", () => {});
  });
}

let own = 0;
beforeAll(async () => {
  own = await freePort();
});

const answers = (text: string) => text.match(/HTTP\/1\.1 \d+/g) ?? [];

describe("requests the relay hands to Node's HTTP server", () => {
  it("closes after answering HTTP/1.0 and Connection: close, as ApacheBench waits for", async () => {
    const created = await fetch(`${platform.url}/imposters`, {
      method: "POST",
      body: JSON.stringify({
        protocol: "http",
        port: own,
        stubs: [{ responses: [{ is: { body: "hello" } }] }],
      }),
    });
    expect(created.status).toBe(201);
    const old = await raw(`GET /i/${own}/ HTTP/1.0\r\n\r\n`);
    expect(old).toMatchObject({ closed: true });
    expect(old.text).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\n\r\nhello$/);
    const closing = await raw(`GET /i/${own}/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect(closing).toMatchObject({ closed: true });
    expect(closing.text.endsWith("hello")).toBe(true);
  });

  it("keeps HTTP/1.0's keep-alive alive, and says so as that version needs (ab -k)", async () => {
    const get = `GET /i/${own}/ HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n`;
    const kept = await raw(get + get, 800);
    expect(kept.closed).toBe(false);
    expect(answers(kept.text)).toEqual(["HTTP/1.1 200", "HTTP/1.1 200"]);
    expect(kept.text.toLowerCase()).toContain("connection: keep-alive");
  });

  it("answers an absolute-form target by its path, not 500", async () => {
    const { host } = new URL(platform.url);
    const absolute = await raw(
      `GET http://${host}/i/${own}/ HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
    );
    expect(absolute.text).toMatch(/^HTTP\/1\.1 200 OK[\s\S]*hello$/);
    const admin = await raw(`GET http://${host}/imposters HTTP/1.1\r\nHost: ${host}\r\n\r\n`, 800);
    expect(answers(admin.text)).toEqual(["HTTP/1.1 200"]);
    expect(admin.text).toContain(`"port": ${own}`);
  });

  it("answers Expect: 100-continue at once on either port, and stays up (it took the launcher down)", async () => {
    const upload = (path: string) =>
      new Promise<string>((resolve) => {
        const { port } = new URL(platform.url);
        const to = path.startsWith("/i/") ? Number(port) : own;
        let text = "";
        const socket = connect(to, "127.0.0.1", () =>
          socket.write(
            `POST ${path} HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n`,
          ),
        );
        socket.on("data", (chunk) => {
          text += chunk.toString();
          // The body goes only once the interim answer came, as a client that waits for it sends it.
          if (text.startsWith("HTTP/1.1 100 Continue\r\n\r\n") && !text.includes("200"))
            socket.write("hello");
          if (text.endsWith("hello")) socket.end();
        });
        socket.on("close", () => resolve(text));
        setTimeout(() => socket.destroy(), 3_000);
      });
    for (const path of [`/i/${own}/`, "/"]) {
      const text = await upload(path);
      expect(text).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 OK\r\n[\s\S]*hello$/);
    }
    const get = await raw(
      "GET / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n",
      1_500,
      own,
    );
    expect(get.text).toMatch(/200 OK[\s\S]*hello$/);
    expect((await fetch(`${platform.url}/imposters`)).status).toBe(200);
  });

  it("hands over only a connection's first request: one pipelined behind a long answer leaves it whole", async () => {
    const big = "x".repeat(4 << 20);
    const stubs = [{ predicates: [{ equals: { path: "/big" } }], responses: [{ is: { body: big } }] }];
    const created = await fetch(`${platform.url}/imposters`, {
      method: "POST",
      body: JSON.stringify({ protocol: "http", port: own + 1, stubs }),
    });
    expect(created.status).toBe(201);
    const text = await new Promise<string>((resolve) => {
      let got = "";
      const socket = connect(Number(new URL(platform.url).port), "127.0.0.1", () =>
        socket.write(`GET /i/${own + 1}/big HTTP/1.1\r\nHost: x\r\n\r\n`),
      );
      socket.on("data", (chunk) => {
        // The second request goes while the first answer still streams in.
        if (got === "") socket.write(`GET /i/${own + 1}/ HTTP/1.0\r\nHost: x\r\n\r\n`);
        got += chunk.toString("latin1");
        if (got.match(/HTTP\/1\.1 \d+/g)?.length === 2 && got.endsWith("\r\n\r\n")) socket.destroy();
      });
      socket.on("close", () => resolve(got));
      setTimeout(() => socket.destroy(), 5_000);
    });
    const first = text.indexOf("\r\n\r\n") + 4;
    expect(text.slice(first, first + big.length)).toBe(big);
    expect(text.slice(first + big.length)).toMatch(/^HTTP\/1\.1 /);
  });

  it("keeps relaying HTTP/1.1 keep-alive requests as they are", async () => {
    const get = `GET /i/${own}/ HTTP/1.1\r\nHost: x\r\n\r\n`;
    const kept = await raw(get, 800);
    expect(kept.closed).toBe(false);
    // The byte relay passes workerd's head as it is: no Date, which Node's server would add.
    expect(kept.text.toLowerCase()).not.toContain("date:");
  });
});
