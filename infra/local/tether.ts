// Children that die with the launcher. workerd and the user-code host run in process groups of their own
// (so Ctrl-C reaches the launcher alone and its flush grace holds), hence a launcher killed with SIGKILL,
// or by the OOM killer, used to leave them running: still listening, still holding the data folder.
import { type ChildProcess, type SpawnOptions, spawn, spawnSync } from "node:child_process";

/**
 * How a child learns that the launcher is gone:
 * - `pdeathsig`: Linux's parent-death signal (prctl PR_SET_PDEATHSIG), set by util-linux's `setpriv`,
 *   which then execs the child: no extra process, and the kernel sends SIGKILL whatever ended the launcher.
 * - `pipe`: elsewhere (macOS, images without util-linux), a `sh` beside each child waits on a pipe whose
 *   only writer is the launcher; the kernel closes it when the launcher dies, and `read` returning kills
 *   the child. One small shell process per child.
 */
export type Tether = "pdeathsig" | "pipe";

let chosen: Tether | undefined;

/** setpriv with --pdeathsig (util-linux 2.33, 2018) on Linux, probed once (~2 ms); otherwise the pipe. */
export function tetherKind(): Tether {
  chosen ??=
    process.platform === "linux" &&
    spawnSync("setpriv", ["--pdeathsig", "KILL", "--", "true"], { stdio: "ignore" }).status === 0
      ? "pdeathsig"
      : "pipe";
  return chosen;
}

/** Kills `pid` when its stdin reaches end of file: the launcher, its only writer, has exited. */
const WATCH = 'read _ || kill -9 "$1"';

/** `spawn`, with a child that is SIGKILLed when this process ends in any way, SIGKILL included. */
export function spawnTethered(
  command: string,
  args: string[],
  options: SpawnOptions,
  kind: Tether = tetherKind(),
): ChildProcess {
  if (kind === "pdeathsig") return spawn("setpriv", ["--pdeathsig", "KILL", "--", command, ...args], options);
  const child = spawn(command, args, options);
  if (child.pid === undefined) return child;
  // Its stdin pipe is close-on-exec here, so no other child holds it open after the launcher dies.
  const watcher = spawn("sh", ["-c", WATCH, "mockctl-tether", String(child.pid)], {
    stdio: ["pipe", "ignore", "ignore"],
    detached: true,
  });
  watcher.unref();
  (watcher.stdin as unknown as { unref(): void } | null)?.unref();
  // The child went first (stopped or crashed): the watcher must not kill a later process given its pid.
  child.once("exit", () => watcher.kill("SIGKILL"));
  return child;
}
