/**
 * The workerd config of the user-code host, in capnp text: one Worker with a Worker Loader, listening on
 * a unix socket, with no network at all (its own `globalOutbound` is a network that allows nothing, and
 * it hands loaded workers `globalOutbound: null`).
 */

/** The host's compatibility date; the loaded workers get the date the edge sends. */
const COMPATIBILITY_DATE = "2026-04-20";

/**
 * V8's heap limit for each isolate of the host: the host Worker's, and each loaded function's
 * (`--max-old-space-size` applies per isolate in workerd, infra/bench/user-code-in-edge/README.md). workerd
 * enforces no memory limit of its own locally: a memory bomb would otherwise grow until the machine swaps.
 * At this limit V8 aborts the whole process, which the supervisor sees exit and restarts on next use. The
 * host's total is bounded by its recycling (recycle.ts), not by this flag.
 */
export const HOST_HEAP_MB = 256;

/**
 * V8's gc for the host Worker's periodic collection (host-worker.ts), exposed as `__hostCollect`, not `gc`:
 * the flag reaches every isolate of the process, loaded functions included, and mb's Node has no `gc`.
 */
export const HOST_COLLECT_FLAG = "--expose-gc-as=__hostCollect";

export interface HostConfigInput {
  /** Absolute path of the unix socket to listen on. */
  socketPath: string;
  /** The host Worker's module file, relative to the config file (capnp reads "/x" from its import path). */
  moduleFile: string;
}

const text = (value: string) => JSON.stringify(value);

export function hostConfig({ socketPath, moduleFile }: HostConfigInput): string {
  return `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "host", worker = .hostWorker),
    (name = "no-network", network = (allow = [])),
  ],
  sockets = [(name = "host", address = ${text(`unix:${socketPath}`)}, http = (), service = "host")],
  v8Flags = [${text(`--max-old-space-size=${HOST_HEAP_MB}`)}, ${text(HOST_COLLECT_FLAG)}],
);

const hostWorker :Workerd.Worker = (
  modules = [(name = "host.js", esModule = embed ${text(moduleFile)})],
  compatibilityDate = ${text(COMPATIBILITY_DATE)},
  bindings = [(name = "LOADER", workerLoader = ())],
  globalOutbound = "no-network",
);
`;
}
