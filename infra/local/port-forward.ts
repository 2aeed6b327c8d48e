import type { IncomingMessage, ServerResponse } from "node:http";
import { OWN_PORT_HEADER } from "@mockctl/contract/imposter-ports";
import { forwardOn, type Via } from "./forward-request.ts";

export type { Via } from "./forward-request.ts";

/**
 * The path and query of a request target as the URL standard reads it: dot segments resolved (`%2e` too),
 * backslashes as slashes, absolute-form (`http://host/path`) cut to its path, as mb's imposters see paths.
 * Resolved here, before `/i/<port>` goes in front: `/../../imposters` must stay this imposter's path, not
 * climb out of the prefix into the admin API or another imposter.
 */
export function pathOf(target: string | undefined): string {
  const raw = target === undefined || target === "" ? "/" : target;
  const known = paths.get(raw);
  if (known !== undefined) return known;
  const path = resolvedPath(raw);
  if (raw.length <= LONGEST_KEPT) {
    if (paths.size >= PATHS_KEPT) paths.clear();
    paths.set(raw, path);
  }
  return path;
}

/**
 * Paths resolved, by target: a test sends the same few targets over and over, and a URL parsed per request
 * is an object and several strings for the collector. Bounded as the edge's addresses are: after PATHS_KEPT
 * targets it starts over, and a long target is not kept.
 */
const PATHS_KEPT = 512;
const LONGEST_KEPT = 256;
const paths = new Map<string, string>();

function resolvedPath(raw: string): string {
  try {
    // A path is put after an origin, not resolved against one: `//x/imposters` is a path (as the byte relay
    // and mb read it), not a host `x` and the admin API's `/imposters`.
    const url = raw.startsWith("/") ? new URL(`http://imposter${raw}`) : new URL(raw, "http://imposter");
    return `${url.pathname}${url.search}`;
  } catch {
    return "/";
  }
}

/**
 * The client's headers as it sent them (names, order, repeats), without any named `drop` or `dropToo` (both
 * lower-case), which the caller adds after them.
 */
function headersOf(raw: readonly string[], drop?: string, dropToo?: string): string[] {
  const headers: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!;
    if (drop !== undefined && name.length >= SHORTEST_DROPPED) {
      const lower = name.toLowerCase();
      if (lower === drop || lower === dropToo) continue;
    }
    headers.push(name, raw[i + 1]!);
  }
  return headers;
}

/**
 * A Host for a request that came without one (HTTP/1.0): workerd, spoken to in HTTP/1.1, refuses a request
 * without it, and the admin API's `_links` are made from it, so it names the address the client reached.
 */
function withHost(headers: string[], incoming: IncomingMessage): string[] {
  if (incoming.headers.host !== undefined) return headers;
  const { localAddress = "127.0.0.1", localPort } = incoming.socket;
  const address = localAddress.includes(":") ? `[${localAddress}]` : localAddress;
  headers.push("host", `${address}:${localPort}`);
  return headers;
}

/** The header the edge reads the client's address from, as Cloudflare sets it. */
const CLIENT_ADDRESS = "cf-connecting-ip";
/** Only a name this long may be one of the two dropped: shorter ones are not lower-cased to compare. */
const SHORTEST_DROPPED = Math.min(CLIENT_ADDRESS.length, OWN_PORT_HEADER.length);

/** The client's address as mb's requests show it: IPv4 clients of a dual-stack socket as ::ffff:a.b.c.d. */
const addressOf = (incoming: IncomingMessage): string => incoming.socket.remoteAddress ?? "";

/**
 * One request to imposter `port` on its own socket, sent on to workerd as `/i/<port><path>`: headers as the
 * client sent them (names, order, repeats), but the client's address and the port, which the edge reads
 * (requestFrom, ip; the imposter): never ones it sent.
 */
export function forward(port: number, incoming: IncomingMessage, outgoing: ServerResponse, via: Via): void {
  const headers = headersOf(incoming.rawHeaders, CLIENT_ADDRESS, OWN_PORT_HEADER);
  headers.push(CLIENT_ADDRESS, addressOf(incoming), OWN_PORT_HEADER, String(port));
  withHost(headers, incoming);
  const route = { path: `/i/${port}${pathOf(incoming.url)}`, headers };
  forwardOn(route, incoming, outgoing, via);
}

/**
 * A request of the platform's own port, sent on as the client sent it (as the byte relay does) but for its
 * target: absolute-form (`GET http://host/path`, which a client configured to use us as its proxy sends)
 * is cut to its path, which workerd refused with a 500.
 */
export function forwardAsSent(incoming: IncomingMessage, outgoing: ServerResponse, via: Via): void {
  outgoing.sendDate = false;
  const route = {
    path: pathOf(incoming.url),
    headers: withHost(headersOf(incoming.rawHeaders), incoming),
  };
  forwardOn(route, incoming, outgoing, via);
}
