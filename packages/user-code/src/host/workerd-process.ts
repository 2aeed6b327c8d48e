// The process-level pieces the user-code host's supervisor needs: the binary, its pipes, a ping, a renice,
// a drain and a kill.
import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import { request } from "node:http";
import { createRequire } from "node:module";
import { setPriority } from "node:os";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";

/** The workerd binary Miniflare itself runs (workerd is Miniflare's dependency, not ours). */
export function workerdBinary(): string {
  const fromMiniflare = createRequire(createRequire(import.meta.url).resolve("miniflare"));
  return process.env.MINIFLARE_WORKERD_PATH ?? (fromMiniflare("workerd") as { default: string }).default;
}

/** Best effort: the process may have exited meanwhile. */
export function renice(pid: number, niceness: number): void {
  try {
    setPriority(pid, niceness);
  } catch {}
}

/** Resolves on workerd's `listen` event on its control pipe (it reports port 0 for a unix socket). */
export async function listening(control: Readable): Promise<void> {
  for await (const line of createInterface(control)) {
    if (String(line).includes('"event":"listen"')) return;
  }
}

/** The last few stderr lines, for a one-line message when the host dies (V8 prints pages on OOM). */
export function tail(stream: Readable | null, keep = 3): () => string[] {
  const lines: string[] = [];
  if (stream !== null) {
    createInterface(stream).on("line", (line) => {
      if (line.trim() === "") return;
      lines.push(line.trim().slice(0, 200));
      if (lines.length > keep) lines.shift();
    });
  }
  return () => lines;
}

export function ping(socketPath: string, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request({ socketPath, path: "/ping", timeout: timeoutMs }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve(false));
    req.end();
  });
}

/**
 * POSTs `body` to the host on a connection of its own, closed after the answer (`agent: false`: no pool that
 * could hold a connection to a host that has since been replaced). Undefined when the connection fails or is
 * lost: no host listens, or it died during the call.
 */
export function postAlone(
  socketPath: string,
  path: string,
  body: string,
): Promise<{ status: number; body: string } | undefined> {
  return new Promise((resolve) => {
    const req = request({ socketPath, path, method: "POST", agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      res.on("error", () => resolve(undefined));
    });
    req.on("error", () => resolve(undefined));
    req.end(body);
  });
}

/**
 * A replaced host gets SIGTERM, on which workerd stops taking connections and ends its idle ones, so the
 * edge's pooled connections move to the new host, and it is killed if it has not exited after DRAIN_MS (a
 * call's limit and the host's grace, host-worker.ts). A call lost with it is sent once more by the edge,
 * through the supervisor, to the new host (UserCodeHost.relay).
 */
const DRAIN_MS = 2_000;

export async function drained(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((done) => setTimeout(done, DRAIN_MS))]);
}

export async function killProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGKILL");
  await exited;
}
