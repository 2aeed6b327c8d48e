import { createServer } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { freePort } from "@mockctl/differential";
import { afterAll, describe, expect, it } from "vitest";
import { imposterPorts } from "./imposter-ports.ts";
import { platformForTests } from "./platform-for-tests.ts";
import { pathOf } from "./port-forward.ts";
import { get } from "./stand-in.testing.ts";

const lines: string[] = [];
const platform = platformForTests("imposter-ports", { imposterPorts: true, log: (line) => lines.push(line) });

async function create(imposter: Record<string, unknown>): Promise<number> {
  const response = await fetch(`${platform.url}/imposters`, {
    method: "POST",
    body: JSON.stringify(imposter),
  });
  return response.status;
}

const hello = (port: number) => ({
  protocol: "http",
  port,
  recordRequests: true,
  stubs: [
    { predicates: [{ equals: { path: "/hello" } }], responses: [{ is: { body: `hello from ${port}` } }] },
  ],
});

describe("imposters on their own ports", () => {
  it("answers on an imposter's port as soon as it is created, and records the request as the client sent it", async () => {
    const port = await freePort();
    expect(await create(hello(port))).toBe(201);
    const answer = await fetch(`http://127.0.0.1:${port}/hello?x=1`, { headers: { "X-Trace": "a" } });
    expect(await answer.text()).toBe(`hello from ${port}`);
    expect(answer.headers.get("date")).not.toBeNull();
    const { requests } = (await (await fetch(`${platform.url}/imposters/${port}`)).json()) as {
      requests: Array<{ path: string; query: unknown; headers: Record<string, string>; requestFrom: string }>;
    };
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ path: "/hello", query: { x: "1" }, requestFrom: "127.0.0.1" });
    expect(requests[0]!.headers.host).toBe(`127.0.0.1:${port}`);
    expect(requests[0]!.headers["x-trace"]).toBe("a");
    expect(Object.keys(requests[0]!.headers)).not.toContain("cf-connecting-ip");
  });

  it("closes the port, and the connections on it, when the imposter is deleted", async () => {
    const port = await freePort();
    await create(hello(port));
    const socket = connect(port, "127.0.0.1");
    const closed = new Promise<void>((done) => socket.on("close", () => done()));
    await new Promise<void>((done, fail) => socket.on("connect", () => done()).on("error", fail));
    await fetch(`${platform.url}/imposters/${port}`, { method: "DELETE" });
    await closed;
    expect(await get(port, "/hello")).toBe("ECONNREFUSED");
  });

  /** One raw request on the imposter's port, as a client that sends the target unmodified (curl --path-as-is). */
  function raw(port: number, head: string): Promise<string> {
    return new Promise((resolve) => {
      let seen = "";
      const socket = connect(port, "127.0.0.1", () => socket.write(`${head}\r\nConnection: close\r\n\r\n`));
      socket.on("data", (chunk) => {
        seen += chunk.toString();
      });
      socket.on("close", () => resolve(seen));
      socket.on("error", () => resolve(seen));
    });
  }

  it("keeps every request on its port inside its imposter: dot segments, another Host, a forged port header", async () => {
    const port = await freePort();
    const other = await freePort();
    await create({ ...hello(port), stubs: [{ responses: [{ is: { body: `only ${port}` } }] }] });
    await create(hello(other));
    for (const head of [
      `GET /../../imposters HTTP/1.1\r\nHost: 127.0.0.1:${port}`,
      `GET /%2e%2e/%2e%2e/imposters HTTP/1.1\r\nHost: 127.0.0.1:${port}`,
      `GET /../i/${other}/hello HTTP/1.1\r\nHost: 127.0.0.1:${port}`,
      `GET /hello HTTP/1.1\r\nHost: ${other}.localhost`,
      `GET /hello HTTP/1.1\r\nHost: localhost\r\nx-mockctl-own-port: ${other}`,
    ]) {
      const answer = await raw(port, head);
      expect(answer, head).toMatch(new RegExp(`^HTTP/1.1 200 [\\s\\S]*only ${port}$`));
    }
  });

  it("streams a body past what it holds for a retry, whole and in order", async () => {
    const port = await freePort();
    const stubs = [
      {
        predicates: [{ endsWith: { body: "END" } }, { startsWith: { body: "BEGIN" } }],
        responses: [{ is: { body: "whole" } }],
      },
    ];
    await create({ protocol: "http", port, stubs });
    const body = `BEGIN${"x".repeat(3 * 1024 * 1024)}END`;
    const answer = await fetch(`http://127.0.0.1:${port}/upload`, { method: "POST", body });
    expect(await answer.text()).toBe("whole");
  });

  it("serves a page on its own port unsandboxed: the port is an origin of its own", async () => {
    const port = await freePort();
    const page = { is: { body: "<p>page</p>", headers: { "Content-Type": "text/html" } } };
    await create({ protocol: "http", port, stubs: [{ responses: [page] }] });
    const own = await fetch(`http://127.0.0.1:${port}/`, { headers: { "sec-fetch-dest": "document" } });
    expect(own.headers.get("content-security-policy")).toBeNull();
    const hosted = await fetch(`${platform.url}/i/${port}/`, { headers: { "sec-fetch-dest": "document" } });
    expect(hosted.headers.get("content-security-policy")).toMatch(/^sandbox /);
  });

  it("listens for the default workspace only, and not for a create it refused", async () => {
    const [refused, theirs] = [await freePort(), await freePort()];
    const bad = await fetch(`${platform.url}/imposters`, {
      method: "POST",
      body: JSON.stringify({ protocol: "http", port: refused, stubs: "none" }),
    });
    expect(bad.status).toBe(400);
    expect(await get(refused, "/")).toBe("ECONNREFUSED");
    const made = await fetch(`${platform.url}/platform/workspaces`, {
      method: "POST",
      body: '{"id":"team-ports"}',
    });
    const { token } = (await made.json()) as { token: { secret: string } };
    const created = await fetch(`${platform.url}/w/team-ports/imposters`, {
      method: "POST",
      headers: { authorization: `Bearer ${token.secret}` },
      body: JSON.stringify(hello(theirs)),
    });
    expect(created.status).toBe(201);
    expect(await (await fetch(`${platform.url}/w/team-ports/i/${theirs}/hello`)).text()).toBe(
      `hello from ${theirs}`,
    );
    expect(await get(theirs, "/hello")).toBe("ECONNREFUSED");
  });

  it("follows PUT /imposters: the ports it drops close, the ones it brings open", async () => {
    const [kept, dropped, added] = [await freePort(), await freePort(), await freePort()];
    await create(hello(kept));
    await create(hello(dropped));
    const replaced = await fetch(`${platform.url}/imposters`, {
      method: "PUT",
      body: JSON.stringify({ imposters: [hello(kept), hello(added)] }),
    });
    expect(replaced.status).toBe(200);
    expect(await get(kept, "/hello")).toBe(`200 hello from ${kept}`);
    expect(await get(added, "/hello")).toBe(`200 hello from ${added}`);
    expect(await get(dropped, "/hello")).toBe("ECONNREFUSED");
  });

  it("creates an imposter whose port is taken, served at its URL, and says why the port is not its own", async () => {
    const taken = createServer((_, res) => res.end("someone else"));
    await new Promise<void>((done) => taken.listen(0, "127.0.0.1", done));
    const { port } = taken.address() as AddressInfo;
    try {
      expect(await create(hello(port))).toBe(201);
      expect(await (await fetch(`${platform.url}/i/${port}/hello`)).text()).toBe(`hello from ${port}`);
      expect(await get(port, "/hello")).toBe("200 someone else");
      expect(lines).toContain(
        `imposter ${port}: cannot listen on port ${port} (EADDRINUSE); it answers at its URL only`,
      );
    } finally {
      await new Promise((done) => taken.close(done));
    }
    // The other process gone (mb stopped after an import), the port becomes the imposter's within seconds.
    await expect
      .poll(() => get(port, "/hello"), { timeout: 6_000, interval: 250 })
      .toBe(`200 hello from ${port}`);
    expect(lines).toContain(`imposter ${port}: now listening on port ${port}`);
  });

  it.each([
    ["CONNECTION_RESET_BY_PEER", ""],
    ["RANDOM_DATA_THEN_CLOSE", 'Htijy%@tWXJ/hQ#[Q:7G@dH4"gu[QaX&'],
  ])("plays mb's %s fault on the imposter's own socket", async (fault, bytes) => {
    const port = await freePort();
    await create({ protocol: "http", port, stubs: [{ responses: [{ fault }] }] });
    const received = await new Promise<string>((resolve) => {
      let seen = "connected:";
      const socket = connect(port, "127.0.0.1", () => socket.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n"));
      socket.on("data", (chunk) => {
        seen += chunk.toString("latin1");
      });
      socket.on("close", () => resolve(seen));
      socket.on("error", (error: NodeJS.ErrnoException) => {
        if (error.code === "ECONNREFUSED") seen = "refused";
      });
    });
    expect(received).toBe(`connected:${bytes}`);
  });

  it("keeps a client's idle connection open past Node's 5 s, as the platform's port does", async () => {
    const port = await freePort();
    await create(hello(port));
    const get = `GET /hello HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`;
    const answers = await new Promise<number>((resolve) => {
      let seen = 0;
      const socket = connect(port, "127.0.0.1", () => socket.write(get));
      socket.on("data", (chunk) => {
        if (!chunk.toString().endsWith(`hello from ${port}`)) return;
        seen += 1;
        if (seen === 1) setTimeout(() => socket.write(get), 6_000);
        else socket.end();
      });
      socket.on("close", () => resolve(seen));
      socket.on("error", () => undefined);
    });
    expect(answers).toBe(2);
  }, 20_000);

  it("reuses a pooled connection idle past workerd's own 5 s without a reset", async () => {
    const port = await freePort();
    await create(hello(port));
    const first = await fetch(`http://127.0.0.1:${port}/hello`);
    expect(first.status).toBe(200);
    await first.text();
    await new Promise((done) => setTimeout(done, 6_500));
    const second = await fetch(`http://127.0.0.1:${port}/hello`);
    expect(await second.text()).toBe(`hello from ${port}`);
  }, 20_000);
});

describe("a restarted platform", () => {
  const dataPlatform = platformForTests("imposter-ports-restart", {
    imposterPorts: true,
    log: () => undefined,
  });
  afterAll(async () => dataPlatform.stop());

  it("listens again on the ports of the imposters it kept", async () => {
    const port = await freePort();
    await fetch(`${dataPlatform.url}/imposters`, { method: "POST", body: JSON.stringify(hello(port)) });
    await dataPlatform.stop();
    expect(await get(port, "/hello")).toBe("ECONNREFUSED");
    const { startPlatform } = await import("./platform.ts");
    const again = await startPlatform({ port: 0, dataDir: dataPlatform.dataDir, imposterPorts: true });
    try {
      expect(await get(port, "/hello")).toBe(`200 hello from ${port}`);
    } finally {
      await again.stop();
    }
  });
});

describe("the listeners", () => {
  it("skip a list stamped older than one applied, as two admin changes may report out of order", async () => {
    const port = await freePort();
    const ports = imposterPorts({
      host: "127.0.0.1",
      upstream: { host: "127.0.0.1", port: 9 },
      reserved: [],
      log: () => undefined,
    });
    try {
      expect((await ports.set({ ports: [port] }, 20)).bound).toEqual([port]);
      expect((await ports.set({ ports: [] }, 10)).bound).toEqual([port]);
      expect((await ports.set({ ports: [] }, 30)).bound).toEqual([]);
    } finally {
      await ports.close();
    }
  });

  it("names the platform's own port once, and binds nothing once closed", async () => {
    const [own, late] = [await freePort(), await freePort()];
    const said: string[] = [];
    const upstream = { host: "127.0.0.1", port: 9 };
    const ports = imposterPorts({
      host: "127.0.0.1",
      upstream,
      reserved: [own],
      log: (line) => said.push(line),
    });
    expect(await ports.set({ ports: [own] }, 1)).toEqual({
      bound: [],
      failed: [{ port: own, reason: "the platform's own port" }],
    });
    await ports.set({ ports: [own] }, 2);
    expect(said).toEqual([
      `imposter ${own}: cannot listen on port ${own} (the platform's own port); it answers at its URL only`,
    ]);
    await ports.close();
    expect((await ports.set({ ports: [late] }, 3)).bound).toEqual([]);
    expect(await get(late, "/")).toBe("ECONNREFUSED");
  });

  it.each([
    ["/a?b=1", "/a?b=1"],
    ["http://example.com/a/b?c", "/a/b?c"],
    ["*", "/*"],
    ["", "/"],
    ["/a/../../imposters", "/imposters"],
    ["/%2e%2e/%2E%2E/imposters?x", "/imposters?x"],
    ["/a\\..\\b", "/b"],
    // A leading // is a path (as mb and the byte relay read it), not a host: not the admin API's /imposters.
    ["//x/imposters", "//x/imposters"],
    ["//evil/big?q", "//evil/big?q"],
  ])("reads the target %s as path %s, parsed and then remembered", (target, path) => {
    expect(pathOf(target)).toBe(path);
    expect(pathOf(target)).toBe(path);
  });

  it("reads each of many distinct targets right, past what it remembers, and a long one too", () => {
    for (let i = 0; i < 1_500; i++) expect(pathOf(`/a/${i}/../b?n=${i}`)).toBe(`/a/b?n=${i}`);
    expect(pathOf("/a/7/../b?n=7")).toBe("/a/b?n=7");
    const long = `/x/${"y".repeat(300)}/../z`;
    expect(pathOf(long)).toBe("/x/z");
    expect(pathOf(long)).toBe("/x/z");
  });
});
