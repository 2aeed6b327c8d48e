import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BIN, cleanEnv } from "./run-cli.ts";

const PORTS = Array.from({ length: 40 }, (_, i) => 5700 + i);
const imposter = (port: number) => ({
  protocol: "http",
  port,
  stubs: [{ responses: [{ is: { body: "v2" } }] }],
});

let server: Server | undefined;
afterEach(() => server?.close());

/** An admin API that holds every imposter of PORTS and answers each change after 40 ms, recording it. */
function slowPlatform(onCall: (calls: string[]) => void): Promise<{ url: string; calls: string[] }> {
  const calls: string[] = [];
  server = createServer((request, response) => {
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    };
    if (request.method === "GET") {
      json(200, { imposters: PORTS.map((port) => ({ protocol: "http", port, stubs: [] })) });
      return;
    }
    let body = "";
    request.on("data", (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on("end", () => {
      const port =
        request.method === "POST" ? (JSON.parse(body) as { port: number }).port : request.url?.split("/")[2];
      calls.push(`${request.method} ${port}`);
      onCall(calls);
      setTimeout(() => json(request.method === "POST" ? 201 : 200, { port: Number(port) }), 40);
    });
  });
  return new Promise((done) =>
    server?.listen(0, "127.0.0.1", () => {
      const { port } = server?.address() as AddressInfo;
      done({ url: `http://127.0.0.1:${port}`, calls });
    }),
  );
}

describe("mockctl deploy, interrupted", () => {
  it("finishes the replaces under way on Ctrl-C and exits 130: no imposter deleted and not put back", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mockctl-interrupt-"));
    writeFileSync(join(dir, "imposters.json"), JSON.stringify({ imposters: PORTS.map(imposter) }));
    let child: ReturnType<typeof spawn> | undefined;
    let signalled = false;
    const platform = await slowPlatform((calls) => {
      // Ctrl-C while a batch of DELETEs is out, before their POSTs.
      if (!signalled && calls.filter((call) => call.startsWith("DELETE")).length === 12) {
        signalled = true;
        child?.kill("SIGINT");
      }
    });
    child = spawn(process.execPath, [BIN, "deploy", "imposters.json", "--fresh", "--url", platform.url], {
      cwd: dir,
      env: cleanEnv(),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    const code = await new Promise<number | null>((done) => child?.on("close", done));
    expect(signalled).toBe(true);
    expect(code).toBe(130);
    const deleted = platform.calls.filter((call) => call.startsWith("DELETE")).map((call) => call.slice(7));
    const posted = platform.calls.filter((call) => call.startsWith("POST")).map((call) => call.slice(5));
    expect(deleted.length).toBeLessThan(PORTS.length);
    expect(posted.sort()).toEqual([...deleted].sort());
    expect(stderr).toContain("interrupted: finishing the imposters being sent");
    expect(stderr).toMatch(/interrupted: \d+ of 40 changes made, each in full; \d+ not started/);
  });
});
