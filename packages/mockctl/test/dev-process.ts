import { type ChildProcess, spawn } from "node:child_process";
import { BIN, cleanEnv, FIXTURES } from "./run-cli.ts";

const READY = /mockctl platform ready at (\S+)/;

/** `mockctl dev` as a child process: the real launcher, startPlatform on workerd. */
export interface DevProcess {
  readonly url: string;
  readonly output: () => string;
  stop(): Promise<void>;
  /** Sends `signal` to the `mockctl dev` process alone, and waits for it to exit. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

/** `bin` is this checkout's by default, or a packed package's installed `node_modules/.bin/mockctl`. */
export async function startDev(args: string[], cwd = FIXTURES, bin = BIN): Promise<DevProcess> {
  const child = spawn(process.execPath, [bin, "dev", "--port", "0", ...args], {
    cwd,
    env: cleanEnv(),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = READY.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`mockctl dev exited with ${code}:\n${output}`)));
  });
  return {
    url,
    output: () => output,
    async stop() {
      child.kill("SIGTERM");
      await exited(child);
    },
    async kill(signal) {
      child.kill(signal);
      await exited(child);
    },
  };
}
