import {
  type Agent,
  type ClientRequest,
  type IncomingMessage,
  request,
  type ServerResponse,
} from "node:http";
import { FAULT_HEADER, SOCKET_FAULTS } from "@mockctl/contract/faults";
import { OWN_PORT_HEADER } from "@mockctl/contract/imposter-ports";
import type { Admission } from "./admission.ts";
import { playFault, type Upstream } from "./keep-alive-relay.ts";
import { MAX_REQUEST_BYTES, tooLargeBody } from "./request-limit.ts";

/**
 * The path and query of a request target as the URL standard reads it: dot segments resolved (`%2e` too),
 * backslashes as slashes, absolute-form (`http://host/path`) cut to its path, as mb's imposters see paths.
 * Resolved here, before `/i/<port>` goes in front: `/../../imposters` must stay this imposter's path, not
 * climb out of the prefix into the admin API or another imposter.
 */
export function pathOf(target: string | undefined): string {
  const raw = target === undefined || target === "" ? "/" : target;
  try {
    const url = new URL(raw, "http://imposter");
    return `${url.pathname}${url.search}`;
  } catch {
    return "/";
  }
}

/**
 * The client's headers as an object (repeats as arrays, names as sent), for Node's client: given a list it
 * writes the head at once, with its own `Connection: keep-alive`, which mb's recorded requests never show.
 * `added` replace any the client sent under their names.
 */
function headersOf(raw: readonly string[], added: Record<string, string>): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  // Node's client keys headers by lower-cased name: repeats in any case go under the first spelling seen.
  const spelling = new Map<string, string>();
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const lower = raw[i]!.toLowerCase();
    const value = raw[i + 1]!;
    if (Object.hasOwn(added, lower)) continue;
    const name = spelling.get(lower) ?? raw[i]!;
    spelling.set(lower, name);
    const seen = headers[name];
    headers[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return Object.assign(headers, added);
}

/** The client's address as mb's requests show it: IPv4 clients of a dual-stack socket as ::ffff:a.b.c.d. */
const addressOf = (incoming: IncomingMessage): string => incoming.socket.remoteAddress ?? "";

function reply(answer: IncomingMessage, outgoing: ServerResponse): void {
  const mark = answer.headers[FAULT_HEADER];
  const fault = SOCKET_FAULTS.find((one) => one === mark);
  if (fault !== undefined) {
    answer.resume();
    if (outgoing.socket !== null) playFault(fault, outgoing.socket);
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

/**
 * A request past MAX_REQUEST_BYTES (request-limit.ts), as the relay answers one on the platform's port: 413
 * in mb's envelope, the connection closed after it, and what workerd was sent of it dropped.
 */
function refuse(outgoing: ServerResponse, sent: Sent): void {
  sent.request?.destroy();
  if (outgoing.headersSent) {
    outgoing.destroy();
    return;
  }
  outgoing.shouldKeepAlive = false;
  outgoing.writeHead(413, { "content-type": "application/json" }).end(tooLargeBody(MAX_REQUEST_BYTES));
}

/**
 * Runs a step of sending a request on from an event handler, where a throw would end the launcher (and with it
 * the admin API and every imposter): a step that throws fails its own request with a 502, and says why once.
 */
function safely(outgoing: ServerResponse, step: () => void): void {
  try {
    step();
  } catch (error) {
    if (!told) process.stderr.write(`could not send a request on to workerd: ${String(error)}\n`);
    told = true;
    failed(outgoing);
  }
}
let told = false;

/** The request as sent on: for a body held whole, `body`; past the hold, the client's stream itself. */
type Body = { held: Buffer } | { streamed: Buffer[] };

/** Where a request goes in workerd, and the headers it goes with. */
interface Route {
  path: string;
  headers: Record<string, string | string[]>;
}

/** The request sent on to workerd, and whether the client was refused (request-limit.ts). */
interface Sent {
  request?: ClientRequest;
  refused?: boolean;
}

/** How requests reach workerd: its socket, the pool of connections to it, and the line into it. */
export interface Via {
  upstream: Upstream;
  agent: Agent;
  /** The platform port's line (admission.ts), shared: absent, every request goes in at once. */
  admission?: Admission | undefined;
}

/** Sends one request on; a pooled connection that turned out closed is tried once more on a new one. */
function send(
  route: Route,
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  body: Body,
  via: Via,
  sent: Sent,
): void {
  const { upstream } = via;
  const target = "path" in upstream ? { socketPath: upstream.path } : upstream;
  const forwarded = request(
    {
      ...target,
      agent: via.agent,
      method: incoming.method,
      path: route.path,
      headers: route.headers,
    },
    (answer) => reply(answer, outgoing),
  );
  sent.request = forwarded;
  forwarded.on("error", (error: NodeJS.ErrnoException) => {
    if (sent.refused === true) return;
    // Only a body held whole can go again, and once: the second try is sent as a stream, never retried.
    if ("held" in body && forwarded.reusedSocket && error.code === "ECONNRESET") {
      send(route, incoming, outgoing, { streamed: [body.held] }, via, sent);
    } else failed(outgoing);
  });
  // Node's client sends its head at once for a request with `Expect` (and its own `Connection: keep-alive`
  // with it): too late to take that out then. Removing it anyway threw, and took the launcher down.
  if (incoming.headers.connection === undefined && !forwarded.headersSent) {
    forwarded.removeHeader("connection");
  }
  if ("held" in body) {
    forwarded.end(body.held.length === 0 ? undefined : body.held);
    return;
  }
  for (const chunk of body.streamed) forwarded.write(chunk);
  if (incoming.readableEnded) forwarded.end();
  else incoming.pipe(forwarded);
}

/** A body up to this size is held whole before it is sent on, so that it can be sent again (as the relay's). */
const HOLD_BYTES = 1 << 20;

/**
 * One request to imposter `port` on its own socket, sent on to workerd as `/i/<port><path>`: headers as the
 * client sent them (names, order, repeats), but the client's address and the port, which the edge reads
 * (requestFrom, ip; the imposter): never ones it sent.
 */
export function forward(port: number, incoming: IncomingMessage, outgoing: ServerResponse, via: Via): void {
  const added = { "cf-connecting-ip": addressOf(incoming), [OWN_PORT_HEADER]: String(port) };
  const route = { path: `/i/${port}${pathOf(incoming.url)}`, headers: headersOf(incoming.rawHeaders, added) };
  forwardOn(route, incoming, outgoing, via);
}

/**
 * A request of the platform's own port, sent on as the client sent it (as the byte relay does) but for its
 * target: absolute-form (`GET http://host/path`, which a client configured to use us as its proxy sends)
 * is cut to its path, which workerd refused with a 500.
 */
export function forwardAsSent(incoming: IncomingMessage, outgoing: ServerResponse, via: Via): void {
  outgoing.sendDate = false;
  const route = { path: pathOf(incoming.url), headers: headersOf(incoming.rawHeaders, {}) };
  forwardOn(route, incoming, outgoing, via);
}

/**
 * `go` once the request's turn in the platform's line comes, as the relay's requests wait theirs: without
 * it, 300 clients on an imposter's own port sent 300 user-code calls in at once, and the user-code host's
 * own line (256) answered a quarter of them busy where mb answered all. The place is given back when the
 * answer ends or its connection goes; a client that leaves while waiting takes none.
 */
function inTurn(via: Via, outgoing: ServerResponse, go: () => void): void {
  const admission = via.admission;
  if (admission === undefined) {
    go();
    return;
  }
  let inside = false;
  const admit = () => {
    inside = true;
    go();
  };
  outgoing.once("close", () => {
    if (inside) admission.leave();
    else admission.withdraw(admit);
    inside = false;
  });
  if (admission.enter(admit)) admit();
}

/**
 * Its body is held whole up to HOLD_BYTES, so the request can be sent again on a fresh connection; a larger
 * one streams through, never held in the launcher's memory; past MAX_REQUEST_BYTES it is refused.
 */
function forwardOn(route: Route, incoming: IncomingMessage, outgoing: ServerResponse, via: Via): void {
  const sent: Sent = {};
  const tooLarge = () => {
    sent.refused = true;
    incoming.off("data", onData).off("data", count).off("end", onEnd);
    incoming.unpipe();
    refuse(outgoing, sent);
  };
  const chunks: Buffer[] = [];
  let held = 0;
  let total = 0;
  const count = (chunk: Buffer) => {
    total += chunk.length;
    if (total > MAX_REQUEST_BYTES && sent.refused !== true) tooLarge();
  };
  const onData = (chunk: Buffer) => {
    chunks.push(chunk);
    held += chunk.length;
    if (held <= HOLD_BYTES) return;
    incoming.off("data", onData).off("end", onEnd);
    // The rest waits in the socket while the request waits its turn; sending pipes it on.
    incoming.pause();
    inTurn(via, outgoing, () =>
      safely(outgoing, () => send(route, incoming, outgoing, { streamed: chunks }, via, sent)),
    );
  };
  const onEnd = () =>
    inTurn(via, outgoing, () =>
      safely(outgoing, () => send(route, incoming, outgoing, { held: Buffer.concat(chunks) }, via, sent)),
    );
  // Said up front: refused before a byte of it reaches workerd.
  if (Number(incoming.headers["content-length"]) > MAX_REQUEST_BYTES) {
    tooLarge();
    return;
  }
  incoming.on("data", count).on("data", onData).on("end", onEnd);
  incoming.on("error", () => outgoing.destroy());
}
