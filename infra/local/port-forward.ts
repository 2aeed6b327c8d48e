import { type Agent, type IncomingMessage, request, type ServerResponse } from "node:http";
import { FAULT_HEADER, RANDOM_DATA, SOCKET_FAULTS, type SocketFault } from "@mockctl/contract/faults";
import type { Upstream } from "./keep-alive-relay.ts";

/** The path and query of a request target: absolute-form (`http://host/path`) as mb's `url.parse` reads it. */
export function pathOf(target: string | undefined): string {
  if (target === undefined || target === "") return "/";
  if (target.startsWith("/")) return target;
  try {
    const url = new URL(target);
    return `${url.pathname}${url.search}`;
  } catch {
    return `/${target}`;
  }
}

/**
 * The client's headers as an object (repeats as arrays, names as sent), for Node's client: given a list it
 * writes the head at once, with its own `Connection: keep-alive`, which mb's recorded requests never show.
 */
function headersOf(raw: readonly string[], address: string): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  // Node's client keys headers by lower-cased name: repeats in any case go under the first spelling seen.
  const spelling = new Map<string, string>();
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const lower = raw[i]!.toLowerCase();
    const value = raw[i + 1]!;
    // The client's address, which the edge reads as Cloudflare's (requestFrom, ip); never one it sent.
    if (lower === "cf-connecting-ip") continue;
    const name = spelling.get(lower) ?? raw[i]!;
    spelling.set(lower, name);
    const seen = headers[name];
    headers[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  headers["cf-connecting-ip"] = address;
  return headers;
}

/** The client's address as mb's requests show it: IPv4 clients of a dual-stack socket as ::ffff:a.b.c.d. */
const addressOf = (incoming: IncomingMessage): string => incoming.socket.remoteAddress ?? "";

/** mb's `helpers.simulateFault`, as the keep-alive relay plays it: garbage or nothing, then the socket closed. */
function simulate(fault: SocketFault, outgoing: ServerResponse): void {
  const socket = outgoing.socket;
  if (socket === null) return;
  if (fault === "RANDOM_DATA_THEN_CLOSE") socket.write(RANDOM_DATA);
  socket.destroy();
}

function reply(answer: IncomingMessage, outgoing: ServerResponse): void {
  const mark = answer.headers[FAULT_HEADER];
  const fault = SOCKET_FAULTS.find((one) => one === mark);
  if (fault !== undefined) {
    answer.resume();
    simulate(fault, outgoing);
    return;
  }
  outgoing.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.rawHeaders);
  answer.pipe(outgoing);
  answer.on("error", () => outgoing.destroy());
}

function failed(outgoing: ServerResponse): void {
  if (outgoing.headersSent) {
    outgoing.destroy();
    return;
  }
  const errors = [{ code: "bad gateway", message: "the platform did not answer this imposter's request" }];
  outgoing.writeHead(502, { "content-type": "application/json" }).end(JSON.stringify({ errors }));
}

/** Sends one request on; a pooled connection that turned out closed is tried once more on a new one. */
function send(
  port: number,
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  body: Buffer,
  upstream: Upstream,
  agent: Agent,
  again: boolean,
): void {
  const target = "path" in upstream ? { socketPath: upstream.path } : upstream;
  const forwarded = request(
    {
      ...target,
      agent,
      method: incoming.method,
      path: `/i/${port}${pathOf(incoming.url)}`,
      headers: headersOf(incoming.rawHeaders, addressOf(incoming)),
    },
    (answer) => reply(answer, outgoing),
  );
  forwarded.on("error", (error: NodeJS.ErrnoException) => {
    if (again && forwarded.reusedSocket && error.code === "ECONNRESET") {
      send(port, incoming, outgoing, body, upstream, agent, false);
    } else failed(outgoing);
  });
  if (incoming.headers.connection === undefined) forwarded.removeHeader("connection");
  forwarded.end(body.length === 0 ? undefined : body);
}

/**
 * One request to imposter `port` on its own socket, sent on to workerd as `/i/<port><path>`: headers as the
 * client sent them (names, order, repeats), the body read whole first so a request can be sent again.
 */
export function forward(
  port: number,
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  upstream: Upstream,
  agent: Agent,
): void {
  const chunks: Buffer[] = [];
  incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
  incoming.on("end", () => send(port, incoming, outgoing, Buffer.concat(chunks), upstream, agent, true));
  incoming.on("error", () => outgoing.destroy());
}
