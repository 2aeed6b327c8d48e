import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/** Where npm ci put Mountebank, or undefined: read when used, so a run without it fails in one line. */
function mountebankDir(): string | undefined {
  try {
    return dirname(createRequire(import.meta.url).resolve("mountebank/package.json"));
  } catch {
    return undefined;
  }
}

const MB_DIR_FOUND = mountebankDir();
/** The installed version, or "not installed" (a run that needs it then says how to get it). */
export const MB_VERSION: string =
  MB_DIR_FOUND === undefined
    ? "not installed"
    : JSON.parse(readFileSync(join(MB_DIR_FOUND, "package.json"), "utf8")).version;

function requireMountebank(): string {
  if (MB_DIR_FOUND === undefined) {
    throw new Error(
      "Mountebank is not installed here: `npm ci` installs mountebank 2.9.1, the comparison's other side",
    );
  }
  return MB_DIR_FOUND;
}

export interface Mountebank {
  url: string;
  stop(): Promise<void>;
  /** Signals mb without waiting, for when the runner is exiting this tick. */
  kill(): void;
}

async function waitUntilUp(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`mb exited with ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`mb did not answer on ${url} within 20 s:\n${output()}`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 5_000);
    child.once("exit", () => {
      clearTimeout(force);
      done();
    });
    child.kill("SIGTERM");
  });
}

/**
 * Mountebank 2.9.1 from node_modules, as a user would run it with injection allowed. Logging is at `warn`,
 * not mb's default `info`, which writes a line per request: the comparison gives mb its best chance.
 */
export async function startMountebank(port: number, dir: string): Promise<Mountebank> {
  const args = [join(requireMountebank(), "bin", "mb"), "start", "--port", String(port), "--allowInjection"];
  args.push("--pidfile", join(dir, "mb.pid"), "--logfile", join(dir, "mb.log"), "--loglevel", "warn");
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(url, child, () => output);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return { url, stop: () => stopChild(child), kill: () => child.kill("SIGTERM") };
}
