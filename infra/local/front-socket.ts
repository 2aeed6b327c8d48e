import type { Miniflare } from "miniflare";
import { listenKeepAlive } from "./keep-alive.ts";

export interface FrontSocketOptions {
  host?: string;
  port?: number;
  /** Clients on workerd's own socket, without the keep-alive relay (see PlatformOptions.direct). */
  direct?: boolean;
}

export interface FrontDoor {
  url: string;
  close(): Promise<void>;
}

/** Where workerd serves the front door: the platform's address when direct, else a private port. */
export function workerdSocket(options: FrontSocketOptions): { host: string; port: number } {
  if (options.direct) return { host: options.host ?? "127.0.0.1", port: options.port ?? 2525 };
  return { host: "127.0.0.1", port: 0 };
}

/** Opens the platform's address: the keep-alive relay (keep-alive.ts) in front of workerd's socket. */
export async function openFrontDoor(
  mf: Miniflare,
  worker: string,
  options: FrontSocketOptions,
): Promise<FrontDoor> {
  const workerd = new URL(await mf.unsafeGetDirectURL(worker));
  if (options.direct) return { url: workerd.origin, close: async () => {} };
  const host = options.host ?? "127.0.0.1";
  const upstream = { host: workerd.hostname, port: Number(workerd.port) };
  const relay = await listenKeepAlive({ host, port: options.port ?? 2525, upstream });
  return { url: originOf(host, relay.port), close: relay.close };
}

/** The URL clients use: a wildcard address is reached on loopback, an IPv6 one in brackets. */
function originOf(host: string, port: number): string {
  const reachable = host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "::1" : host;
  return `http://${reachable.includes(":") ? `[${reachable}]` : reachable}:${port}`;
}
