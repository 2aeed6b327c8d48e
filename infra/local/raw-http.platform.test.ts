import { connect } from "node:net";
import { freePort, type MbProcess, startMountebank } from "@mockctl/differential";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { platformForTests } from "./platform-for-tests.ts";

/**
 * Raw requests that Node's parser (mb 2.9.1's) reads and workerd refused, sent byte for byte to mb and to the
 * platform's port (the keep-alive relay, request-tidy.ts): the same answers and the same recorded requests.
 * The stub keeps mb's connection open (`Connection: keep-alive`), so a request after the odd one is
 * answered there too.
 */
const platform = platformForTests("raw-http", { log: () => {} });
let mb: MbProcess | undefined;
const ports = { mb: 0, platform: 0 };

const imposter = (port: number) => ({
  protocol: "http",
  port,
  recordRequests: true,
  stubs: [{ responses: [{ is: { headers: { Connection: "keep-alive" }, body: "ok" } }] }],
});

beforeAll(async () => {
  mb = await startMountebank();
  ports.mb = await freePort();
  ports.platform = await freePort();
  for (const [admin, port] of [
    [`http://127.0.0.1:${mb.adminPort}`, ports.mb],
    [platform.url, ports.platform],
  ] as const) {
    const created = await fetch(`${admin}/imposters`, {
      method: "POST",
      body: JSON.stringify(imposter(port)),
    });
    expect(created.status).toBe(201);
  }
});

afterAll(async () => {
  await mb?.stop();
});

interface Target {
  admin: string;
  port: number;
  /** What goes before an imposter path on this port. */
  prefix: string;
}

const targets = (): Record<"mb" | "platform", Target> => ({
  mb: { admin: `http://127.0.0.1:${mb!.adminPort}`, port: ports.mb, prefix: "" },
  platform: { admin: platform.url, port: Number(new URL(platform.url).port), prefix: `/i/${ports.platform}` },
});

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Writes each part (`{P}` the imposter's prefix) 50 ms apart; the statuses answered, once `answers` came. */
async function exchange(target: Target, parts: string[], answers: number): Promise<string[]> {
  const socket = connect(target.port, "127.0.0.1");
  let text = "";
  let closed = false;
  socket.on("data", (chunk) => {
    text += chunk.toString("latin1");
  });
  socket.on("close", () => {
    closed = true;
  });
  socket.on("error", () => {});
  for (const part of parts) {
    socket.write(part.replaceAll("{P}", target.prefix));
    await sleep(50);
  }
  const statuses = () => text.match(/HTTP\/1\.1 \d{3}/g) ?? [];
  for (let waited = 0; statuses().length < answers && !closed && waited < 3_000; waited += 20)
    await sleep(20);
  await sleep(100);
  socket.destroy();
  return statuses();
}

/** The recorded requests' method, path and body, then cleared. */
async function recorded(target: Target, port: number) {
  const imposter = await (await fetch(`${target.admin}/imposters/${port}`)).json();
  await fetch(`${target.admin}/imposters/${port}/savedRequests`, { method: "DELETE" });
  return (imposter.requests as { method: string; path: string; body: string }[]).map(
    ({ method, path, body }) => ({ method, path, body }),
  );
}

const chunked = "POST {P}/up HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n";
const fiveBytes = "POST {P}/up HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello";
const next = "GET {P}/next HTTP/1.1\r\nHost: x\r\n\r\n";

describe("raw HTTP that mb reads, on the platform's port", () => {
  it.each([
    [
      "chunk extensions",
      [`${chunked}5;name=value\r\nhello\r\n6;a="b;c";flag\r\n world\r\n0\r\n\r\n${next}`],
      "hello world",
    ],
    ["trailers", [`${chunked}5\r\nhello\r\n0\r\nX-Trailer: yes\r\nOther: 2\r\n\r\n${next}`]],
    [
      "an extension and trailers in separate writes",
      [chunked, "5;x=1\r\nhel", "lo\r\n0\r\nT: 1\r\n\r\n", next],
    ],
    ["a stray CRLF after a body", [`${fiveBytes}\r\n${next}`]],
    ["a stray CRLF written on its own", [fiveBytes, "\r\n", next]],
    ["a stray CRLF after a chunked body", [`${chunked}5\r\nhello\r\n0\r\n\r\n`, "\r\n", next]],
  ])("%s: mb's answers and recorded requests", async (_, parts, body = "hello") => {
    const { mb: oracle, platform: ours } = targets();
    const expected = await exchange(oracle, parts, 2);
    expect(expected).toEqual(["HTTP/1.1 200", "HTTP/1.1 200"]);
    expect(await exchange(ours, parts, 2)).toEqual(expected);
    const journal = await recorded(oracle, ports.mb);
    expect(journal).toEqual([
      { method: "POST", path: "/up", body },
      { method: "GET", path: "/next", body: "" },
    ]);
    expect(await recorded(ours, ports.platform)).toEqual(journal);
  });
});
