import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type MbProcess, startMountebank } from "@mockctl/differential";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Platform, startPlatform } from "../local/platform.ts";

/**
 * Issue 7: mb's two socket faults as three common clients see them, mb 2.9.1 beside the local platform.
 * mb destroys the socket before any byte (CONNECTION_RESET_BY_PEER) or after its garbage bytes
 * (RANDOM_DATA_THEN_CLOSE); a client must fail at once, never see a status line, never wait for its timeout.
 */
const FAULTS = ["CONNECTION_RESET_BY_PEER", "RANDOM_DATA_THEN_CLOSE"] as const;
const PORT = 4790;
const CLIENT_TIMEOUT_MS = 5_000;

const imposter = {
  protocol: "http",
  port: PORT,
  stubs: FAULTS.map((fault) => ({ predicates: [{ equals: { path: `/${fault}` } }], responses: [{ fault }] })),
};

/** Node's http client: the error's code, or the status when a response began. */
function nodeHttp(url: string): Promise<string> {
  return new Promise((resolve) => {
    const req = httpRequest(url, { agent: false, timeout: CLIENT_TIMEOUT_MS }, (res) => {
      res.on("data", () => {});
      res.on("end", () => resolve(`status ${res.statusCode}`));
      res.on("error", (error: NodeJS.ErrnoException) =>
        resolve(`status ${res.statusCode}, then ${error.code}`),
      );
    });
    req.on("timeout", () => req.destroy(Object.assign(new Error("timeout"), { code: "TIMEOUT" })));
    req.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.end();
  });
}

/** undici, as Node's fetch: the cause's code. */
async function undici(url: string): Promise<string> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS) });
    await response.text();
    return `status ${response.status}`;
  } catch (error) {
    const cause = (error as { cause?: { code?: string; name?: string } }).cause;
    return cause?.code ?? cause?.name ?? (error as Error).name;
  }
}

/** curl's exit code (52: empty reply, 56: receive failure, 18: partial file, 1/8: not HTTP). */
function curl(url: string): Promise<string> {
  return new Promise((resolve) => {
    execFile("curl", ["-sS", "--max-time", String(CLIENT_TIMEOUT_MS / 1000), url], (error) => {
      resolve(error ? `exit ${(error as { code?: number }).code}` : "exit 0");
    });
  });
}

const CLIENTS = { "node:http": nodeHttp, undici, curl } as const;

let mb: MbProcess;
let platform: Platform;
const dataDir = mkdtempSync(join(tmpdir(), "mockctl-e2e-faults-"));

async function create(adminUrl: string): Promise<void> {
  const answer = await fetch(`${adminUrl}/imposters`, { method: "POST", body: JSON.stringify(imposter) });
  expect(answer.status).toBe(201);
}

beforeAll(async () => {
  [mb, platform] = await Promise.all([startMountebank(15_000), startPlatform({ port: 0, dataDir })]);
  await Promise.all([create(`http://127.0.0.1:${mb.adminPort}`), create(platform.url)]);
}, 60_000);
afterAll(async () => {
  await Promise.all([mb?.stop(), platform?.stop()]);
  rmSync(dataDir, { recursive: true, force: true });
});

describe("socket faults, seen by each client as from mb 2.9.1", () => {
  const names = Object.keys(CLIENTS) as Array<keyof typeof CLIENTS>;
  const cases = FAULTS.flatMap((fault) => names.map((client) => [fault, client] as const));
  it.each(cases)("%s through %s", async (fault, client) => {
    const see = CLIENTS[client];
    const fromMb = await see(`http://127.0.0.1:${PORT}/${fault}`);
    const started = performance.now();
    const fromUs = await see(`${platform.url}/i/${PORT}/${fault}`);
    expect({ fromUs, ms: performance.now() - started < 1_000 }).toEqual({ fromUs: fromMb, ms: true });
  });
});
