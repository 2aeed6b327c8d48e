import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const TSX = fileURLToPath(new URL("../../node_modules/tsx/dist/cli.mjs", import.meta.url));
const READY = /mockctl platform ready at (\S+)/;

/** `npm start` as a user runs it, in its own process group so that kill -9 reaches workerd too. */
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
      await exited;
      await groupGone(child.pid as number);
    },
  };
}

function readyUrl(child: ChildProcess): Promise<string> {
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

/** workerd gets the same SIGKILL; wait until no process of the group is left, so its files are closed. */
async function groupGone(pgid: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      process.kill(-pgid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`process group ${pgid} still alive after SIGKILL`);
}
