import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { privateSocket } from "./front-folder.ts";

/**
 * Miniflare's config sends a binding that Node serves (DATA_SOURCES, USER_CODE_SUPERVISOR) through a small
 * worker that forwards each request to the external service `loopback`, naming the binding in this header.
 */
const CUSTOM_SERVICE = "mf-custom-fetch-service";
const ORIGINAL_URL = "mf-original-url";

export interface Loopback {
  /** The unix socket workerd reaches it on. */
  path: string;
  close(): Promise<void>;
}

/** A binding the launcher serves, by binding name. */
export type NodeServices = Record<string, (request: Request) => Promise<Response>>;

/** The Worker's own headers (a proxied request's, PROXY_OUT), without Miniflare's routing ones. */
function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if (!raw[i]!.toLowerCase().startsWith("mf-")) headers.append(raw[i]!, raw[i + 1]!);
  }
  return headers;
}

async function requestOf(req: IncomingMessage): Promise<Request> {
  const url = String(req.headers[ORIGINAL_URL] ?? `http://loopback${req.url}`);
  const headers = headersOf(req);
  if (req.method === "GET" || req.method === "HEAD") return new Request(url, { method: req.method, headers });
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new Request(url, { method: req.method, headers, body: Buffer.concat(chunks) });
}

async function answer(req: IncomingMessage, res: ServerResponse, services: NodeServices): Promise<void> {
  const service = String(req.headers[CUSTOM_SERVICE] ?? "");
  const binding = Object.keys(services).find((name) => service.endsWith(`#${name}`));
  const serve = binding === undefined ? undefined : services[binding];
  if (serve === undefined) {
    res.writeHead(404).end(`no Node service for ${service || req.url}`);
    return;
  }
  const response = await serve(await requestOf(req));
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  // Each Set-Cookie on a line of its own (an origin's, through PROXY_OUT): joined they are another cookie.
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  res.writeHead(response.status, headers);
  res.end(Buffer.from(await response.arrayBuffer()));
}

/**
 * How long an idle connection from workerd stays open. workerd's client pool drops one idle for 5 s (kj's
 * idleTimeout); with Node's default, also 5 s, this server could close one as workerd sends a call on it,
 * and the call would be lost. Longer, so that workerd always retires the connection first.
 */
const LOOPBACK_IDLE_MS = 30_000;

/**
 * The launcher's end of workerd's `loopback` service, on a unix socket in a folder of its own (mode 0700). Not
 * a TCP port: whatever could connect to one (any local process or user, a page rebinding a host name to
 * 127.0.0.1, an imposter proxying to 127.0.0.1 with injected headers) could read files through DATA_SOURCES
 * and run code on the user-code host, whatever the platform's --apikey or --allowInjection.
 */
export async function startLoopback(services: NodeServices): Promise<Loopback> {
  const socket = privateSocket(tmpdir(), "loopback.sock");
  const server = createServer((req, res) => {
    answer(req, res, services).catch((error: unknown) => res.writeHead(500).end(String(error)));
  });
  server.keepAliveTimeout = LOOPBACK_IDLE_MS;
  await new Promise<void>((done, fail) => server.once("error", fail).listen(socket.path, done));
  return {
    path: socket.path,
    close: () =>
      new Promise((done) =>
        server.close(() => {
          socket.remove();
          done();
        }),
      ),
  };
}
