import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { processTree } from "../bench/processes.ts";
import { alive, readyUrl } from "./launcher-process.testing.ts";

// `npm start` killed with SIGKILL (or by the OOM killer) must take workerd and the user-code host with it
// (tether.ts): they run in process groups of their own, and before the tether they stayed, listening on
// the platform's port and holding the data folder. Runs the launcher as `npm start` does (start.mjs).
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), "mockctl-launcher-kill-"));
// The launchers' temporary folder, their own: any launcher that starts sweeps the socket folders of dead
// ones from its temporary folder (front-folder.ts), and other tests' launchers would sweep the one this file
// leaves on purpose.
const launcherTmp = mkdtempSync(join(tmpdir(), "mockctl-launcher-kill-tmp-"));
const started: ChildProcess[] = [];
afterAll(() => {
  for (const child of started) if (child.exitCode === null) child.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(launcherTmp, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

async function launch(port: number, ...flags: string[]): Promise<{ child: ChildProcess; url: string }> {
  const args = ["infra/local/start.mjs", "--port", String(port), "--data", dataDir, ...flags];
  const env = { ...process.env, TMPDIR: launcherTmp };
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  started.push(child);
  return { child, url: await readyUrl(child) };
}

const get = (url: string, key?: string) =>
  fetch(url, { headers: key === undefined ? {} : { "x-api-key": key } }).then((r) => r.status);

const SECOND_KEY = "second-key-5c1e9a";
/** The build folder a launcher's workerd runs: its last argument is the config in it. */
function buildInUse(launcher: ChildProcess): string {
  for (const pid of processTree(launcher.pid as number)) {
    const argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
    if (argv.at(-1)?.endsWith("workerd.capnp.bin")) return dirname(argv.at(-1) as string);
  }
  throw new Error("no workerd under the launcher");
}
const filesHolding = (folder: string, text: string) =>
  readdirSync(folder, { recursive: true, encoding: "utf8" }).filter((file) => {
    const path = join(folder, file);
    return statSync(path).isFile() && readFileSync(path).includes(text);
  });

/** The unix-socket folders a launcher made, the relay's and the loopback's (front-folder.ts names them for its pid). */
const frontFolders = (pid: number) =>
  readdirSync(launcherTmp).filter((name) => name.startsWith(`mockctl-front-${pid}-`));
let killed = 0;

const injecting = {
  protocol: "http",
  port: 4545,
  stubs: [{ responses: [{ inject: "() => ({ body: 'injected' })" }] }],
};

describe("the launcher killed with SIGKILL", () => {
  const port = freePort();

  it("leaves no workerd or user-code host behind, and the port free for the next start", async () => {
    const { child, url } = await launch(await port, "--allowInjection", "--apikey", "one");
    const created = await fetch(`${url}/imposters`, {
      method: "POST",
      headers: { "x-api-key": "one" },
      body: JSON.stringify(injecting),
    });
    expect(created.status).toBe(201);
    expect(await (await fetch(`${url}/i/4545/`)).text()).toBe("injected");
    const children = processTree(child.pid as number).slice(1);
    // workerd and the user-code host (the tether adds no process on Linux).
    expect(children.length).toBeGreaterThanOrEqual(2);
    const exited = new Promise((done) => child.once("exit", done));
    child.kill("SIGKILL");
    await exited;
    for (let i = 0; i < 40 && children.some(alive); i++) await new Promise((done) => setTimeout(done, 50));
    expect(children.filter(alive)).toEqual([]);
    killed = child.pid as number;
    // The relay's and the loopback's socket folders, which it could not remove.
    expect(frontFolders(killed)).toHaveLength(2);
  });

  it("starts again on the same port and folder, with a new --apikey and without one", async () => {
    const again = await launch(await port, "--allowInjection", "--apikey", SECOND_KEY);
    expect(again.url).toBe(`http://127.0.0.1:${await port}`);
    expect(frontFolders(killed)).toEqual([]); // front-folder.ts: removed, its launcher being gone
    expect(await get(`${again.url}/imposters`, "one")).toBe(401);
    expect(await get(`${again.url}/imposters`, SECOND_KEY)).toBe(200);
    expect(await (await fetch(`${again.url}/i/4545/`)).text()).toBe("injected");
    // The key reaches workerd through its environment (layout.ts, API_KEY_ENV), never a cached build.
    expect(filesHolding(buildInUse(again.child), SECOND_KEY)).toEqual([]);
    again.child.kill("SIGTERM");
    await new Promise((done) => again.child.once("exit", done));
    const open = await launch(await port);
    expect(await get(`${open.url}/imposters`)).toBe(200);
    open.child.kill("SIGTERM");
    await new Promise((done) => open.child.once("exit", done));
  });
});
