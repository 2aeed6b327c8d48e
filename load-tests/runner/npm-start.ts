import { processTree } from "@mockctl/infra/bench/processes";
import { launch, npmStartArgv, type StartTarget } from "@mockctl/infra/bench/start-targets";
import { freePorts } from "./ports.ts";

/**
 * What `npm start -- --allowInjection` runs (decorate needs user code), in a process of its own: the load
 * tests, the latency run and the soak measure the platform users start, launcher and keep-alive relay
 * included, not one hosted inside the runner's own Node process (whose heap and event loop it would share).
 */
export const NPM_START: StartTarget = {
  id: "mockctl",
  title: "node --max-semi-space-size=1 infra/local/start.mjs --allowInjection",
  argv: (port, data) => npmStartArgv(port, data, "--allowInjection"),
  imposterUrl: (origin, port, path) => `${origin}/i/${port}${path}`,
};

export interface NpmStart {
  url: string;
  pid: number;
  /** SIGTERM to the process group, then SIGKILL to whatever is left after 10 s. */
  stop(): Promise<void>;
  /** SIGKILL to every process of it, now: for an exit that cannot wait. */
  kill(): void;
}

/** Starts the platform as `npm start` does on a free port of 127.0.0.1, its data in `dataDir`. */
export async function startNpmStart(dataDir: string): Promise<NpmStart> {
  const [port] = await freePorts(1);
  const running = await launch(NPM_START, port!, dataDir);
  const kill = () => {
    for (const pid of processTree(running.pid).reverse()) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
  };
  return { url: running.origin, pid: running.pid, stop: running.stop, kill };
}
