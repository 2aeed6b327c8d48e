import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FAULT_HEADER } from "@mockctl/contract";
import { type MbProcess, startMountebank } from "@mockctl/differential";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Platform, startPlatform } from "../local/platform.ts";

/**
 * A stub that answers `Connection: close` is how a mock of a server that closes after each answer is built
 * (a client's reconnect logic under test). mb's Node server sends the header and closes; workerd drops it and
 * keeps the connection, so the edge marks the answer and the launcher closes (faults.ts, CLOSE_AFTER_ANSWER).
 */
const MB_PORT = 4793;
const OWN_PORT = 4794;

const stubs = [
  {
    predicates: [{ equals: { path: "/close" } }],
    responses: [{ is: { headers: { Connection: "close" }, body: "bye" }, _behaviors: { wait: 50 } }],
  },
  { responses: [{ is: { body: "stay" } }] },
];

interface Seen {
  connection: string | null;
  marked: boolean;
  body: string;
  closedByServer: boolean;
}

/** One request on a raw socket; what came back, and whether the server closed within a second of it. */
function ask(port: number, path: string): Promise<Seen> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`));
    let text = "";
    const done = (closedByServer: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      const at = text.indexOf("\r\n\r\n");
      const head = text.slice(0, at);
      const body = text.slice(at + 4);
      resolve({
        connection: /\r\nconnection: *([^\r]*)/i.exec(head)?.[1] ?? null,
        marked: head.toLowerCase().includes(FAULT_HEADER),
        body: /\r\ntransfer-encoding: *chunked/i.test(head) ? unchunked(body) : body,
        closedByServer,
      });
    };
    const timer = setTimeout(() => done(false), 1_000);
    socket.on("data", (chunk) => {
      text += chunk.toString("latin1");
    });
    socket.on("end", () => done(true));
    socket.on("error", reject);
  });
}

/** A chunked body's data (mb frames its answers so; the platform gives a length). */
function unchunked(body: string): string {
  let data = "";
  for (let at = 0; ; ) {
    const lineEnd = body.indexOf("\r\n", at);
    const size = Number.parseInt(body.slice(at, lineEnd), 16);
    if (!(size > 0)) return data;
    data += body.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
  }
}

let mb: MbProcess;
let platform: Platform;
const dataDir = mkdtempSync(join(tmpdir(), "mockctl-e2e-close-"));

async function create(adminUrl: string, port: number): Promise<void> {
  const body = JSON.stringify({ protocol: "http", port, stubs });
  const answer = await fetch(`${adminUrl}/imposters`, { method: "POST", body });
  expect(answer.status).toBe(201);
}

beforeAll(async () => {
  [mb, platform] = await Promise.all([
    startMountebank(15_000),
    startPlatform({ port: 0, dataDir, imposterPorts: true }),
  ]);
  await Promise.all([create(`http://127.0.0.1:${mb.adminPort}`, MB_PORT), create(platform.url, OWN_PORT)]);
}, 60_000);
afterAll(async () => {
  await Promise.all([mb?.stop(), platform?.stop()]);
  rmSync(dataDir, { recursive: true, force: true });
});

describe("a stub's Connection: close, as mb 2.9.1 answers it", () => {
  const platformPort = () => Number(new URL(platform.url).port);
  const paths = {
    "the platform's port": (path: string) => ask(platformPort(), `/i/${OWN_PORT}${path}`),
    "the imposter's own port": (path: string) => ask(OWN_PORT, path),
  };

  it.each(Object.keys(paths))("on %s: the header sent, the mark not, the connection closed", async (name) => {
    const fromMb = await ask(MB_PORT, "/close");
    expect(fromMb).toMatchObject({ connection: "close", body: "bye", closedByServer: true });
    const fromUs = await paths[name as keyof typeof paths]("/close");
    expect(fromUs).toEqual({ ...fromMb, marked: false });
  });

  it.each(Object.keys(paths))("on %s: any other answer keeps its connection", async (name) => {
    const fromUs = await paths[name as keyof typeof paths]("/");
    expect(fromUs).toMatchObject({ body: "stay", closedByServer: false, marked: false });
  });

  it("lets a pooled client (undici) go on with a new connection after each close", async () => {
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) {
      answers.push(await (await fetch(`${platform.url}/i/${OWN_PORT}/close`)).text());
      answers.push(await (await fetch(`http://127.0.0.1:${OWN_PORT}/close`)).text());
    }
    expect(answers).toEqual(Array(10).fill("bye"));
  });
});
