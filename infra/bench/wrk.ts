import { execFileSync, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const SUMMARY_SCRIPT = fileURLToPath(new URL("./summary.lua", import.meta.url));
const MARK = "WRK_JSON ";

export interface WrkOptions {
  threads: number;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  /** Sent as the body of every request, which becomes a POST (summary.lua reads WRK_BODY). */
  body?: string;
  /** Sent in turn on every connection instead of the URL's path (summary.lua reads WRK_REQUESTS_FILE). */
  requests?: readonly WrkRequest[];
}

/** One request of a rotation; wrk adds Host, and Content-Length for a body. */
export interface WrkRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** WRK_REQUESTS_FILE's text: requests separated by \x1e, their fields by \x1f (method, path, body, header pairs). */
export function encodeRequests(requests: readonly WrkRequest[]): string {
  return requests
    .map(({ method, path, headers = {}, body = "" }) =>
      [method, path, body, ...Object.entries(headers).flat()].join("\x1f"),
    )
    .join("\x1e");
}

/**
 * wrk's environment, and what to remove after the run. A rotation travels in a file, not in a variable:
 * Linux caps one environment string at 128 KiB, a few hundred requests, and a rotation of distinct
 * bodies (a cache's misses) needs thousands.
 */
function wrkEnv(options: WrkOptions): { env: NodeJS.ProcessEnv; cleanup: () => void } {
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (options.body !== undefined) env.WRK_BODY = options.body;
  if (options.requests === undefined) return { env, cleanup: () => {} };
  const dir = mkdtempSync(join(tmpdir(), "mockctl-wrk-"));
  env.WRK_REQUESTS_FILE = join(dir, "requests");
  writeFileSync(env.WRK_REQUESTS_FILE, encodeRequests(options.requests));
  return { env, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** One wrk run: what summary.lua prints, plus requests per second. */
export interface WrkResult {
  rps: number;
  requests: number;
  durationUs: number;
  bytes: number;
  errors: { connect: number; read: number; write: number; status: number; timeout: number };
  latencyUs: { mean: number; p50: number; p99: number; max: number };
}

/** The flags a run uses, as RESULTS.md states them. */
export function wrkFlags(options: WrkOptions): string {
  return `-t${options.threads} -c${options.connections} -d${options.seconds}s`;
}

/** Debian packages wrk; it is installed on first use (the machines this runs on are Debian). */
export function ensureWrk(): string {
  const found = spawnSync("wrk", ["--version"], { encoding: "utf8" });
  if (found.error !== undefined) {
    console.log("wrk is missing: apt-get install -y wrk");
    execFileSync("apt-get", ["install", "-y", "wrk"], { stdio: "inherit" });
  }
  // wrk prints its version line and usage to stdout and exits 1.
  const banner = spawnSync("wrk", ["--version"], { encoding: "utf8" }).stdout;
  return banner.split("\n")[0]?.split(" Copyright")[0]?.trim() ?? "wrk";
}

/** Reads the line summary.lua prints; throws when it is missing (wrk failed to run). */
export function parseWrkOutput(output: string): WrkResult {
  const line = output.split("\n").find((text) => text.startsWith(MARK));
  if (line === undefined) throw new Error(`wrk printed no summary:\n${output}`);
  const totals = JSON.parse(line.slice(MARK.length)) as Omit<WrkResult, "rps">;
  const rps = totals.durationUs > 0 ? (totals.requests * 1e6) / totals.durationUs : 0;
  return { rps, ...totals };
}

/** Runs wrk against a loopback URL only: this benchmark must never load another machine. */
export function runWrk(url: string, options: WrkOptions): Promise<WrkResult> {
  if (new URL(url).hostname !== "127.0.0.1") throw new Error(`refusing to load ${url}: not 127.0.0.1`);
  const args = ["-t", String(options.threads), "-c", String(options.connections)];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push("-H", `${name}: ${value}`);
  args.push("-d", `${options.seconds}s`, "-s", SUMMARY_SCRIPT, url);
  const { env, cleanup } = wrkEnv(options);
  return new Promise<WrkResult>((resolve, reject) => {
    const child = spawn("wrk", args, { stdio: ["ignore", "pipe", "pipe"], env });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) reject(new Error(`wrk exited with ${code}:\n${output}`));
      else {
        try {
          resolve(parseWrkOutput(output));
        } catch (error) {
          reject(error);
        }
      }
    });
  }).finally(cleanup);
}
