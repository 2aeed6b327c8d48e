import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const TSX = fileURLToPath(new URL("../../node_modules/tsx/dist/cli.mjs", import.meta.url));
const READY = /mockctl platform ready at (\S+)/;

/**
 * `npm start` as a user runs it, in its own process group. The launcher starts workerd in a group of its
 * own (so Ctrl-C reaches the launcher alone and its flush grace holds), so kill -9 of the group misses it:
 * a machine going down kills both, so the test kills workerd too, found by the data folder it serves.
 */
export interface LauncherProcess {
  readonly url: string;
  /** SIGKILL to the whole group (the Node launcher and its workerd child); resolves once it is gone. */
  kill9(): Promise<void>;
}

export async function startLauncher(dataDir: string): Promise<LauncherProcess> {
  const child = spawn(process.execPath, [TSX, "infra/local/cli.ts", "--port", "0", "--data", dataDir], {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const url = await readyUrl(child);
  return {
    url,
    async kill9() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      process.kill(-(child.pid as number), "SIGKILL");
      const servers = serving(dataDir);
      for (const pid of servers) process.kill(pid, "SIGKILL");
      await exited;
      await groupGone(child.pid as number);
      for (const pid of servers) await groupGone(pid, false);
    },
  };
}

export function readyUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = READY.exec(output);
      if (match) resolve(match[1] as string);
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk;
    });
    child.once("exit", (code) =>
      reject(new Error(`the launcher exited (${code}) before it was ready:\n${output}`)),
    );
  });
}

/** Whether a process (or, with a negative id, a process group) still exists. */
export const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The workerd processes whose command line names this data folder. */
function serving(dataDir: string): number[] {
  return readdirSync("/proc").flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      return args.includes("workerd") && args.includes(dataDir) ? [Number(entry)] : [];
    } catch {
      return [];
    }
  });
}

/** Waits until no process of the group (or the one process) is left, so its files are closed. */
async function groupGone(pgid: number, group = true): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      process.kill(group ? -pgid : pgid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`process (group) ${pgid} still alive after SIGKILL`);
}
