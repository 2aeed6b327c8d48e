import { execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Pinning } from "./cpu-pin.ts";

export const K6_VERSION = "v1.8.1";
const MODULE = `go.k6.io/k6@${K6_VERSION}`;

export interface K6 {
  path: string;
  /** As `k6 version` prints it, e.g. "k6 v1.8.1 (go1.26.8, linux/amd64)". */
  version: string;
  /** Set when the runner pinned the targets and k6 to CPUs of their own (see cpu-pin.ts). */
  pinning?: Pinning;
}

function run(command: string, args: string[]): string | undefined {
  try {
    return execFileSync(command, args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return undefined;
  }
}

function goBin(): string | undefined {
  const gopath = run("go", ["env", "GOPATH"]);
  return gopath ? join(gopath.split(":")[0]!, "bin", "k6") : undefined;
}

function found(path: string): K6 | undefined {
  const version = run(path, ["version"]);
  return version?.startsWith("k6 ") ? { path, version: version.split("\n")[0]! } : undefined;
}

/** `go install` prints nothing for minutes; count what it builds and say so every 15 seconds. */
function goInstall(): Promise<void> {
  console.log(`k6 not found: building it with \`go install ${MODULE}\` (about 2 minutes)`);
  const started = Date.now();
  let steps = 0;
  return new Promise((resolve, reject) => {
    const child = spawn("go", ["install", "-v", MODULE], { stdio: ["ignore", "ignore", "pipe"] });
    let tail = "";
    child.stderr.on("data", (chunk: Buffer) => {
      tail = (tail + chunk.toString()).slice(-2_000);
      steps += chunk.toString().split("\n").filter(Boolean).length;
    });
    const timer = setInterval(() => {
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(`  … ${seconds} s, ${steps} modules downloaded or packages compiled`);
    }, 15_000);
    child.once("error", reject);
    child.once("exit", (code) => {
      clearInterval(timer);
      if (code === 0) resolve();
      else reject(new Error(`go install ${MODULE} failed (exit ${code}):\n${tail}`));
    });
  });
}

/** k6 from $K6, Go's bin folder or the PATH; built with Go when there is none. */
export async function ensureK6(): Promise<K6> {
  // A K6 the user named is what they want measured with: one that does not run is an error, not a hint.
  const named = process.env.K6;
  if (named !== undefined && named !== "" && found(named) === undefined) {
    throw new Error(`K6=${named} does not run as k6 (\`${named} version\` failed): fix it, or unset K6`);
  }
  const gopathK6 = goBin();
  for (const candidate of [process.env.K6, gopathK6, "k6"]) {
    const k6 = candidate === undefined ? undefined : found(candidate);
    if (k6 === undefined) continue;
    if (!k6.version.includes(K6_VERSION))
      console.warn(`warning: using ${k6.version}, the pinned one is ${K6_VERSION}`);
    return k6;
  }
  if (gopathK6 === undefined) {
    throw new Error(
      `k6 is missing and Go is not installed: install Go and rerun, or put k6 ${K6_VERSION} on the PATH`,
    );
  }
  await goInstall();
  const built = existsSync(gopathK6) ? found(gopathK6) : undefined;
  if (built === undefined) throw new Error(`go install succeeded but ${gopathK6} does not run`);
  console.log(`k6 built: ${built.version}`);
  return built;
}
