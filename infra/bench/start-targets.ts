import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { processTree } from "./processes.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** A server `bench:start` measures: how it is started, and where an imposter's request goes. */
export interface StartTarget {
  id: string;
  title: string;
  argv(port: number, dataDir: string): string[];
  /** The URL of `path` on the imposter at `imposterPort`. */
  imposterUrl(origin: string, imposterPort: number, path: string): string;
  /** The folder it starts in: this checkout unless another one is measured beside it. */
  cwd?: string;
}

const onOwnPort = (origin: string, port: number, path: string) =>
  `${new URL(origin).protocol}//127.0.0.1:${port}${path}`;
const byPath = (origin: string, port: number, path: string) => `${origin}/i/${port}${path}`;

/** What `npm start -- --port <port> --data <data> <flags>` runs (package.json's start), without npm. */
export function npmStartArgv(port: number, data: string, ...flags: string[]): string[] {
  return npmStartArgvIn(ROOT, port, data, ...flags);
}

/** The same for the checkout at `root` (run with `cwd: root`). */
export function npmStartArgvIn(root: string, port: number, data: string, ...flags: string[]): string[] {
  // Read from package.json, so the benches start the launcher with whatever Node flags `npm start` gives it.
  const start: string = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).scripts.start;
  const [node, ...script] = start.split(" ");
  if (node !== "node") throw new Error(`package.json's start is not \`node …\`: ${start}`);
  return [
    process.execPath,
    ...script,
    "--port",
    `${port}`,
    "--data",
    data,
    ...imposterPortsOff(root),
    ...flags,
  ];
}

/**
 * A bench or load test runs Mountebank beside the platform with the same imposter ports, and loads the
 * platform at its hosted URLs: its imposters stay off the machine's ports (a checkout from before they
 * listened on them has no such flag).
 */
function imposterPortsOff(root: string): string[] {
  const args = readFileSync(join(root, "infra/local/args.ts"), "utf8");
  return args.includes("noImposterPorts") ? ["--noImposterPorts"] : [];
}

export const TARGETS: StartTarget[] = [
  {
    id: "mockctl",
    title: "mockctl (node --max-semi-space-size=1 infra/local/start.mjs, what npm start runs)",
    argv: (port, data) => npmStartArgv(port, data, "-i"),
    imposterUrl: byPath,
  },
  {
    id: "mockctl-npm",
    title: "mockctl through npm start (npm stays as the parent)",
    argv: (port, data) => ["npm", "start", "--silent", "--", "--port", `${port}`, "--data", data, "-i"],
    imposterUrl: byPath,
  },
  {
    id: "mb",
    title: "Mountebank 2.9.1 (node node_modules/.bin/mb)",
    argv: (port, data) => [
      process.execPath,
      "node_modules/mountebank/bin/mb",
      "start",
      "--port",
      String(port),
      "--datadir",
      data,
      "--nologfile",
      "--pidfile",
      `${data}/mb.pid`,
      "--allowInjection",
    ],
    imposterUrl: onOwnPort,
  },
];

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export interface Running {
  pid: number;
  origin: string;
  /** Milliseconds from spawn until GET /config (mb's, and ours) answered 200. */
  readyMs: number;
  stop(): Promise<void>;
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url);
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

/** Polls `url` every 5 ms until it answers 2xx; the time it took from `since`. */
export async function waitUntilAnswers(url: string, since: number, child?: ChildProcess): Promise<number> {
  const deadline = since + 120_000;
  while (!(await answers(url))) {
    if (child !== undefined && child.exitCode !== null) throw new Error(`${url}: the server exited`);
    if (performance.now() > deadline) throw new Error(`${url} did not answer within 120 s`);
    await new Promise((done) => setTimeout(done, 5));
  }
  return performance.now() - since;
}

/** Starts a target in its own process group, so stopping it ends npm, node and workerd together. */
export async function launch(target: StartTarget, port: number, dataDir: string): Promise<Running> {
  const [command, ...args] = target.argv(port, dataDir);
  const since = performance.now();
  const child = spawn(command ?? "node", args, {
    cwd: target.cwd ?? ROOT,
    detached: true,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2_000);
  });
  const origin = `http://127.0.0.1:${port}`;
  const readyMs = await waitUntilAnswers(`${origin}/config`, since, child).catch((error: unknown) => {
    throw new Error(`${target.id}: ${String(error)}\n${stderr}`);
  });
  const pid = child.pid ?? 0;
  return {
    pid,
    origin,
    readyMs,
    async stop() {
      // Every process of the server, workerd included (it has a process group of its own): npm exits on
      // SIGTERM before the launcher has stopped workerd, so waiting for npm alone would be too early.
      const pids = processTree(pid);
      process.kill(-pid, "SIGTERM");
      const deadline = Date.now() + 10_000;
      while (pids.some(alive) && Date.now() < deadline) await new Promise((done) => setTimeout(done, 50));
      for (const left of pids.filter(alive)) process.kill(left, "SIGKILL");
    },
  };
}
