import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { readyUrl } from "./launcher-process.testing.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const TSX = fileURLToPath(new URL("../../node_modules/tsx/dist/cli.mjs", import.meta.url));

/** A port free now, for a launcher that must be polled before it says where it is. */
function freePort(): Promise<number> {
  const server = createServer();
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    }),
  );
}

/** `npm start -- --configfile`, as a CI job starts it. */
function launch(port: number, dataDir: string, configfile: string): ChildProcess {
  const args = [
    TSX,
    "infra/local/cli.ts",
    "--port",
    String(port),
    "--data",
    dataDir,
    "--configfile",
    configfile,
  ];
  return spawn(process.execPath, args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
}

/** The first answer the port gives to `path`, asking again while nothing listens, as a wait-for-port loop does. */
async function firstAnswer(url: string): Promise<{ status: number; body: string }> {
  for (;;) {
    try {
      const answer = await fetch(url);
      return { status: answer.status, body: await answer.text() };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

describe("npm start -- --configfile", () => {
  const folder = mkdtempSync(join(tmpdir(), "mockctl-configfile-"));
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) child.kill("SIGINT");
    rmSync(folder, { recursive: true, force: true });
  });

  // mb loads the file before it listens. Here the port used to answer first, from the data folder, and a
  // test run that waited for the port met 404s for the file's imposters for half a second.
  it("serves nothing before the file's imposters are there", async () => {
    const file = join(folder, "imposters.json");
    const stub = { responses: [{ is: { body: "from the file" } }] };
    writeFileSync(file, JSON.stringify({ imposters: [{ protocol: "http", port: 4610, stubs: [stub] }] }));
    const port = await freePort();
    const child = launch(port, join(folder, "data"), file);
    children.push(child);
    let printed = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      printed += chunk;
    });
    const ready = readyUrl(child);
    const first = await firstAnswer(`http://127.0.0.1:${port}/i/4610/`);
    expect(first).toEqual({ status: 200, body: "from the file" });
    expect(await ready).toBe(`http://127.0.0.1:${port}`);
    // The deploy went in through a private door, but it names the port users call.
    expect(printed).toContain(`Deployed to http://127.0.0.1:${port}: 1 created`);
    const listed = await (await fetch(`http://127.0.0.1:${port}/imposters`)).json();
    expect(listed.imposters[0].url).toBe(`http://127.0.0.1:${port}/i/4610`);
  });

  it("starts the file's imposters anew on a kept data folder, as mb's --configfile does", async () => {
    const file = join(folder, "cycle.json");
    const stubs = [{ responses: [{ is: { body: "first" } }, { is: { body: "second" } }] }];
    writeFileSync(
      file,
      JSON.stringify({ imposters: [{ protocol: "http", port: 4611, recordRequests: true, stubs }] }),
    );
    const data = join(folder, "data-kept");
    for (const run of [1, 2]) {
      const port = await freePort();
      const child = launch(port, data, file);
      children.push(child);
      const first = await firstAnswer(`http://127.0.0.1:${port}/i/4611/run-${run}`);
      expect(first.body).toBe("first");
      const imposter = await (await fetch(`http://127.0.0.1:${port}/imposters/4611`)).json();
      expect(imposter.numberOfRequests).toBe(1);
      expect(imposter.requests.map((request: { path: string }) => request.path)).toEqual([`/run-${run}`]);
      child.kill("SIGINT");
      await new Promise((resolve) => child.once("exit", resolve));
    }
  }, 60_000);

  it("exits with code 1 and serves nothing when the file cannot be deployed", async () => {
    const file = join(folder, "broken.json");
    writeFileSync(file, '{"imposters": [');
    const port = await freePort();
    const child = launch(port, join(folder, "data-2"), file);
    children.push(child);
    const code = await new Promise((resolve) => child.once("exit", resolve));
    expect(code).toBe(1);
    await expect(fetch(`http://127.0.0.1:${port}/imposters`)).rejects.toThrow();
  });
});
