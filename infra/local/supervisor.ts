import type { ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { spawnTethered } from "./tether.ts";

/** How to start one child; `args` is called on every (re)start, so a restart can pin the ports it learned. */
export interface ChildSpec {
  name: string;
  command: string;
  args(): string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /**
   * The sockets to wait for: a workerd child started with `--control-fd=3` writes one JSON line per socket
   * it listens on (`{"event":"listen","socket":name,"port":n}`), which is how port 0 becomes a real port.
   */
  sockets: string[];
}

export interface Supervised {
  /** Each awaited socket's port, from the latest start. */
  ports: Map<string, number>;
  /** Resolves once every awaited socket of the latest restart listens again. */
  restarted: Promise<void> | undefined;
  /** The running child's process id. */
  pid(): number | undefined;
  stop(): Promise<void>;
}

/** After this many exits within RESTART_WINDOW_MS the child is left down: a crash loop helps nobody. */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;

function waitForSockets(
  control: Readable,
  wanted: string[],
  child: ChildProcess,
): Promise<Map<string, number>> {
  return new Promise((resolve, reject) => {
    const ports = new Map<string, number>();
    const lines = createInterface(control);
    const onExit = (code: number | null) => reject(new Error(`exited with ${code} before listening`));
    child.once("exit", onExit);
    lines.on("line", (line) => {
      const message = JSON.parse(line) as { event?: string; socket?: string; port?: number };
      if (message.event !== "listen" || message.socket === undefined || message.port === undefined) return;
      ports.set(message.socket, message.port);
      if (wanted.every((socket) => ports.has(socket))) {
        child.off("exit", onExit);
        resolve(ports);
      }
    });
  });
}

/**
 * Starts a child, waits until it listens, and restarts it whenever it exits on its own (workerd killed by
 * the OOM killer, a crash): the launcher stays a small Node process that only watches. Other children
 * (a user-code host, a keep-alive front) are supervised the same way, one `supervise` each.
 */
export async function supervise(spec: ChildSpec): Promise<Supervised> {
  let stopping = false;
  let exits: number[] = [];
  let child: ChildProcess;
  const start = async () => {
    child = spawnTethered(spec.command, spec.args(), {
      cwd: spec.cwd,
      env: spec.env,
      stdio: ["ignore", "inherit", "inherit", "pipe"],
      // Its own process group: a terminal's Ctrl-C (SIGINT to the whole foreground group) reaches only the
      // launcher, which stops the child after the flush grace, instead of killing both at once.
      detached: true,
    });
    const ports = await waitForSockets(child.stdio[3] as Readable, spec.sockets, child);
    for (const [socket, port] of ports) state.ports.set(socket, port);
    child.once("exit", (code, signal) => {
      if (stopping) return;
      const now = Date.now();
      exits = [...exits.filter((at) => now - at < RESTART_WINDOW_MS), now];
      if (exits.length > MAX_RESTARTS) {
        console.error(
          `${spec.name} exited (${signal ?? code}) ${exits.length} times in a minute; not restarting`,
        );
        return;
      }
      console.error(`${spec.name} exited (${signal ?? code}); restarting`);
      state.restarted = start().catch((error: unknown) => console.error(`${spec.name}: ${String(error)}`));
    });
  };
  const state: Supervised = {
    ports: new Map(),
    restarted: undefined,
    pid: () => child.pid,
    async stop() {
      stopping = true;
      process.off("exit", killOnExit);
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((done) => child.once("exit", done));
      child.kill("SIGKILL");
      await exited;
    },
  };
  // In its own process group the child outlives a launcher that exits without stopping it. This kills it
  // at once on a normal exit; the tether (tether.ts) covers the rest, SIGKILL and the OOM killer included.
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  await start().catch((error: unknown) => {
    process.off("exit", killOnExit);
    throw error;
  });
  return state;
}
