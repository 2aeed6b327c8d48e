import { join } from "node:path";
import type { Layout } from "./layout.ts";

export interface RunOptions {
  config: string;
  host: string;
  port: number;
  /** A unix socket path for the front door instead of host:port (behind the keep-alive relay). */
  frontPath?: string;
  loopbackSocket: string;
  dataDir: string;
  /** The user-code host's unix socket (@mockctl/user-code/host), which exists once the host first starts. */
  userCodeSocket: string;
  /** host:port for workerd's DevTools inspector (benchmarks profile the isolates through it); none by default. */
  inspector?: string;
}

/** host:port as workerd parses it, IPv6 in brackets. */
export function address(host: string, port: number): string {
  return host.includes(":") ? `[${host}]:${port}` : `${host}:${port}`;
}

/**
 * `workerd serve` for a config Miniflare assembled, re-addressed for this start the way Miniflare itself
 * does it (`--socket-addr`, `--external-addr`), plus `--directory-path` to put every disk service under
 * this data folder. Sockets other than the front door (Miniflare's unused entry) get a free local port.
 */
export function workerdArgs(layout: Layout, run: RunOptions): string[] {
  const front = run.frontPath === undefined ? address(run.host, run.port) : `unix:${run.frontPath}`;
  const sockets = layout.sockets.map((name) =>
    name === layout.frontSocket ? `${name}=${front}` : `${name}=127.0.0.1:0`,
  );
  return [
    "serve",
    "--binary",
    // Miniflare's config uses compatibility flags that have no default-on date.
    "--experimental",
    "--control-fd=3",
    ...sockets.map((socket) => `--socket-addr=${socket}`),
    `--external-addr=loopback=unix:${run.loopbackSocket}`,
    `--external-addr=${layout.userCodeHost}=unix:${run.userCodeSocket}`,
    ...Object.entries(layout.directories).map(
      ([name, dir]) => `--directory-path=${name}=${join(run.dataDir, dir)}`,
    ),
    ...(run.inspector === undefined ? [] : [`--inspector-addr=${run.inspector}`]),
    run.config,
  ];
}
