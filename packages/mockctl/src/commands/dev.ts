import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { constants } from "node:os";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { START_FAILURE_FILE } from "@mockctl/contract/launcher-failure";
import type { Command, Context } from "../command.ts";
import { CliError, ExplainedExit, UsageError } from "../output.ts";
import { platformRoot } from "../platform-root.ts";
import { startFailureFile } from "./dev-failure.ts";
import { DEV_OPTIONS, launcherArgs } from "./dev-options.ts";
import { npmWrapper, stillRunning } from "./npm-wrapper.ts";

const signalNumber = (signal: NodeJS.Signals): number => constants.signals[signal] ?? 0;

let setpriv: boolean | undefined;

/**
 * The launcher's command line, so that it stops (SIGTERM: it flushes and stops workerd, as on Ctrl-C) when
 * this process ends in any way, SIGKILL included: Linux's parent-death signal, set by util-linux's setpriv
 * (the launcher tethers workerd the same way). Without setpriv (macOS), a killed `mockctl dev` still
 * leaves its launcher running.
 */
function tethered(command: string, args: string[]): [string, string[]] {
  setpriv ??=
    process.platform === "linux" &&
    spawnSync("setpriv", ["--pdeathsig", "TERM", "--", "true"], { stdio: "ignore" }).status === 0;
  return setpriv ? ["setpriv", ["--pdeathsig", "TERM", "--", command, ...args]] : [command, args];
}

/**
 * The launcher's own words for a failure: its last `mockctl: …` line (start-failure.ts), the first line of
 * a stack it printed under that, or its last `✘ ERROR` (a --configfile deploy that failed).
 */
export function launcherReason(stderr: string): string | undefined {
  const lines = stderr.split("\n").filter((line) => line.trim() !== "");
  const own = lines.findLast((line) => line.startsWith("mockctl: ") || line.startsWith("✘ ERROR "));
  return own?.replace(/^mockctl: /, "").replace(/^✘ ERROR /, "");
}

const READY = /^mockctl platform ready at (\S+)$/;

/**
 * Under --json, stdout holds JSON alone: the launcher's ready line becomes `{"ok":true,"url":…,"pid":…}`
 * (what a CI script waits for and pipes into jq), and its other lines go to stderr.
 */
function readyAsJson(stdout: Readable, pid: number | undefined): { ready: boolean } {
  const state = { ready: false };
  createInterface({ input: stdout }).on("line", (line) => {
    const url = READY.exec(line)?.[1];
    if (url === undefined) return process.stderr.write(`${line}\n`);
    state.ready = true;
    process.stdout.write(`${JSON.stringify({ ok: true, url, pid })}\n`);
  });
  return state;
}

/**
 * Under npx the process a script holds (`$!`) is npm's wrapper, and killing it leaves this one running
 * with the platform on its port (the next run then finds the port taken): npm's shell lives on when npm is
 * SIGKILLed, so the wrapper itself is watched, not this process's parent. Linux only (/proc).
 */
function stopWithWrapper(
  child: ChildProcess,
  stop: (signal: NodeJS.Signals) => void,
): NodeJS.Timeout | undefined {
  const wrapper = npmWrapper();
  if (wrapper === undefined) return undefined;
  const timer = setInterval(() => {
    if (stillRunning(wrapper) || child.exitCode !== null) return;
    clearInterval(timer);
    process.stderr.write("▲ WARNING the npx process that started this platform is gone; stopping it\n");
    stop("SIGTERM");
  }, 500);
  return timer.unref();
}

/** How the launcher ended: its code or signal, the signal passed on to it, and what --json saw of it. */
interface Ending {
  code: number | null;
  signal: NodeJS.Signals | null;
  stopped: NodeJS.Signals | undefined;
  ready: boolean;
  stderr: string;
}

/** Runs the launcher until it ends, passing Ctrl-C and SIGTERM on, and stopping it with npx's wrapper. */
async function runLauncher(context: Context, failureFile: string): Promise<Ending> {
  const { root, launcher } = platformRoot(context.env);
  // Lookups' csv paths resolve against INIT_CWD, as under `npm start`: the user's folder.
  const args = launcherArgs(context.values, context.cwd, context.env);
  const [command, argv] = tethered(process.execPath, [...launcher, ...args]);
  const json = context.out.json;
  const child = spawn(command, argv, {
    cwd: root,
    env: { ...context.env, INIT_CWD: context.cwd, [START_FAILURE_FILE]: failureFile },
    stdio: ["inherit", json ? "pipe" : "inherit", json ? "pipe" : "inherit"],
  });
  const started = json && child.stdout ? readyAsJson(child.stdout, child.pid) : { ready: false };
  // Under --json a failure's JSON carries the launcher's reason too (its last 64 KiB of stderr are kept).
  let stderr = "";
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    process.stderr.write(chunk);
    stderr = (stderr + chunk).slice(-65_536);
  });
  // Signals passed on (Ctrl-C) end the launcher as asked: before it is ready, by the signal itself.
  let stopped: NodeJS.Signals | undefined;
  const forward = (signal: NodeJS.Signals) => {
    stopped ??= signal;
    child.kill(signal);
  };
  process.on("SIGINT", forward);
  process.on("SIGTERM", forward);
  const watch = stopWithWrapper(child, forward);
  // "close", not "exit": the launcher's last stderr lines may still be in the pipe when it exits.
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((done) =>
    child.on("close", (c, s) => done([c, s])),
  );
  clearInterval(watch);
  process.off("SIGINT", forward);
  process.off("SIGTERM", forward);
  return { code, signal, stopped, ready: started.ready, stderr };
}

/** A launcher that ended by a signal: as asked (Ctrl-C), or killed from outside, which it could not say. */
function signalled({ signal, stopped, ready }: Ending, json: boolean): CliError {
  if (stopped !== undefined) {
    return new ExplainedExit(`stopped by ${stopped}`, [], undefined, 128 + signalNumber(signal ?? stopped));
  }
  // Killed from outside (the OOM killer's SIGKILL), the launcher said nothing: said here.
  const killed = `the platform's launcher was killed (${signal})`;
  if (!(json && ready)) return new CliError(killed);
  // Under --json stdout has had its one object (the ready line): the end is told on stderr alone.
  process.stderr.write(`✘ ERROR ${killed}\n`);
  return new ExplainedExit(killed, [], undefined, 1);
}

export const dev: Command = {
  name: "dev",
  summary: "Run the local platform (as `npm start`), the drop-in for `mb`",
  description: [
    "Runs the platform's launcher (startPlatform on workerd; the packed CLI carries it) with these flags",
    "and prints `mockctl platform ready at <url>` once it answers. Ctrl-C stops it; state persists in",
    "the data folder. With --configfile, the file is deployed as `mockctl deploy` would once ready.",
  ],
  options: DEV_OPTIONS,
  examples: ["mockctl dev --port 2525 --configfile imposters.ejs"],
  async run(context) {
    const port = context.values.port;
    // 0 picks a free port; anything else must be one (the launcher would refuse it too, with exit 1).
    if (typeof port === "string" && !(/^\d{1,5}$/.test(port) && Number(port) <= 65535)) {
      throw new UsageError(`invalid --port: ${port} (give 0-65535; 0 picks a free one)`, "dev");
    }
    const failure = startFailureFile();
    try {
      const ending = await runLauncher(context, failure.path);
      const { code, signal } = ending;
      if (code === 0) return;
      if (signal !== null) throw signalled(ending, context.out.json);
      // Why it did not start (a taken port, a data folder in use), in parts: printed as every error is.
      const notStarted = failure.read(code ?? 1);
      if (notStarted !== undefined) throw notStarted;
      // Otherwise the launcher (or the --configfile deploy it ran) has said why on stderr.
      const reason = context.out.json && !ending.ready ? launcherReason(ending.stderr) : undefined;
      if (reason !== undefined) throw new CliError(reason, [], undefined, code ?? 1);
      throw new ExplainedExit(`the platform exited with code ${code}`, [], undefined, code ?? 1);
    } finally {
      failure.remove();
    }
  },
};
