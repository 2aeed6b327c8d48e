import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const MB_BIN = fileURLToPath(new URL("../../../node_modules/mountebank/bin/mb", import.meta.url));

/** A running Mountebank 2.9.1 owned by one test file. */
export interface MbProcess {
  readonly adminPort: number;
  /** Kills the process (idempotent) and removes its temp dir. */
  stop(): Promise<void>;
}

/** Asks the OS for a port nobody listens on; the tiny race with other processes is acceptable in tests. */
// Ports below Linux's ephemeral range (32768-60999): a port the kernel handed out for `listen(0)` and freed
// again is soon handed to the next `listen(0)` of another test file (the platform, an origin, mb's admin),
// and mb then fails its imposter with EADDRINUSE. A random port outside that range is not reused so.
const LOW = 20_000;
const HIGH = 32_000;

function tryListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

// Concurrent tests of one file must not share a port either: the OS check passes for both while neither has
// created its imposter yet, and one test's delete can then still be in flight on one target as the other
// creates there ("Port N is already in use" from the platform). So a port is handed out once per process.
const handedOut = new Set<number>();

export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = LOW + Math.floor(Math.random() * (HIGH - LOW));
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    if (await tryListen(port)) return port;
  }
  throw new Error(`no free port between ${LOW} and ${HIGH} after 50 tries`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function answers(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(500) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

/**
 * Runs mb under a tiny watchdog that kills it when our stdin pipe closes, i.e. when this test process
 * dies in any way (even SIGKILL, where no exit handler runs), and forwards SIGTERM to it.
 */
const WATCHDOG = `
const mb = require("node:child_process").spawn(process.execPath, process.argv.slice(1), { stdio: "inherit" });
const stop = () => mb.kill("SIGTERM");
process.stdin.on("close", stop).resume();
process.on("SIGTERM", stop);
mb.on("exit", (code) => process.exit(code ?? 0));
`;

/**
 * Starts `mb` without --allowInjection (the platform default), unless `extraArgs` asks for it, and waits
 * until its admin API answers.
 */
export async function startMountebank(
  timeoutMs = 15_000,
  extraArgs: readonly string[] = [],
): Promise<MbProcess> {
  const dir = mkdtempSync(join(tmpdir(), "mockctl-diff-mb-"));
  const adminPort = await freePort();
  const args = [MB_BIN, "--port", String(adminPort), "--pidfile", join(dir, "mb.pid"), ...extraArgs];
  const logArgs = ["--logfile", join(dir, "mb.log"), "--loglevel", "warn"];
  const child = spawn(process.execPath, ["-e", WATCHDOG, ...args, ...logArgs], {
    stdio: ["pipe", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  // Belt and braces with the watchdog: a normal exit of this process stops mb right away.
  const killOnExit = () => child.kill("SIGTERM");
  process.once("exit", killOnExit);

  const stop = async () => {
    process.off("exit", killOnExit);
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 2_000);
    await exited(child);
    clearTimeout(timer);
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  while (!(await answers(adminPort))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const log = readLog(join(dir, "mb.log"));
      await stop();
      throw new Error(`mb did not start on port ${adminPort}: ${stderr}\n${log}`);
    }
    await sleep(50);
  }
  return { adminPort, stop };
}

function readLog(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "(no log)";
  }
}
