import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WORKERD_IDLE_CLOSE_MS } from "./keep-alive.ts";
import { type Platform, startPlatform } from "./platform.ts";

const configs = ["../../workers/edge/wrangler.jsonc", "./fixtures/admin/wrangler.jsonc"].map((p) =>
  fileURLToPath(new URL(p, import.meta.url)),
);
const CLIENT = new URL("./fixtures/pooled-client.mjs", import.meta.url);
/** Past workerd's own idle close, which is what clients used to run into. */
const PAST_IDLE_CLOSE_MS = WORKERD_IDLE_CLOSE_MS + 1_500;

interface Outcome {
  outcome: string;
  status?: number;
  reused?: boolean;
}

/** Runs fixtures/pooled-client.mjs in its own thread, so its busy spell blocks it and not the platform. */
function pooledClient(data: Record<string, unknown>): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(CLIENT, { workerData: data });
    worker.once("message", resolve).once("error", reject);
  });
}

/** One raw connection: a request, `idleMs` of nothing, another request; how many answers came back on it. */
function answersAfterIdle(origin: string, idleMs: number): Promise<number> {
  const { hostname, port } = new URL(origin);
  const get = "GET /i/4545/ HTTP/1.1\r\nHost: localhost\r\n\r\n";
  return new Promise((resolve) => {
    let answers = 0;
    const socket = connect(Number(port), hostname, () => socket.write(get));
    socket.on("data", (chunk) => {
      if (!chunk.toString().endsWith("hello")) return; // headers and body can come in two reads
      answers += 1;
      if (answers === 1) setTimeout(() => socket.write(get), idleMs);
      else socket.end();
    });
    socket.on("close", () => resolve(answers));
    socket.on("error", () => socket.destroy());
  });
}

describe("pooled keep-alive connections to the local platform", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "mockctl-keep-alive-"));
  let platform: Platform;
  beforeAll(async () => {
    platform = await startPlatform({ port: 0, dataDir, configs });
    const plain = { protocol: "http", port: 4545, stubs: [{ responses: [{ is: { body: "hello" } }] }] };
    await fetch(`${platform.url}/imposters`, { method: "POST", body: JSON.stringify(plain) });
  });
  afterAll(async () => {
    await platform?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  // The sequence: the client's thread is busy (a test doing synchronous work, a loaded machine) while
  // workerd closed the idle connection; its next request went out on the closed socket: "other side closed".
  it.concurrent.each([
    { client: "fetch", idleMs: 100, blockMs: PAST_IDLE_CLOSE_MS },
    { client: "agent", idleMs: 0, blockMs: PAST_IDLE_CLOSE_MS },
    { client: "agent", idleMs: PAST_IDLE_CLOSE_MS, blockMs: 0 },
    { client: "fetch", idleMs: 0, blockMs: 0 },
  ])("$client: the next request after $idleMs ms idle, $blockMs ms busy, is answered", async (data) => {
    const result = await pooledClient({ url: `${platform.url}/i/4545/`, ...data });
    expect(result).toMatchObject({ outcome: "ok", status: 200 });
    if (data.client === "agent") expect(result.reused).toBe(true);
  });

  it.concurrent("keeps an idle connection open past workerd's idle close", async () => {
    expect(await answersAfterIdle(platform.url, PAST_IDLE_CLOSE_MS)).toBe(2);
  });
});
