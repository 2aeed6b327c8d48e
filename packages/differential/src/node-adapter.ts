import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { RawHttpRequest, ResponseDescription } from "@mockctl/core";

/** Turns one raw request into what to answer; the adapter only does the wire work around it. */
export type Responder = (raw: RawHttpRequest) => Promise<ResponseDescription>;

export interface ServedImposter {
  readonly port: number;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function readBody(req: IncomingMessage): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    req.on("error", reject);
  });
}

/**
 * The core leaves Content-Encoding to the adapter (it needs platform streams). Like mb: exactly `gzip`
 * or `br` is decoded, anything else (deflate too) is passed through, and a body that fails to decode
 * reads as empty (mb ends up with an undefined body, which every predicate treats as "").
 */
function decode(encoding: string | undefined, body: Uint8Array): Uint8Array {
  const decoder = encoding === "gzip" ? gunzipSync : encoding === "br" ? brotliDecompressSync : undefined;
  if (!decoder) return body;
  try {
    return new Uint8Array(decoder(body));
  } catch {
    return new Uint8Array();
  }
}

function toRaw(req: IncomingMessage, bytes: Uint8Array): RawHttpRequest {
  const headers: Array<[string, string]> = [];
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    headers.push([req.rawHeaders[i] ?? "", req.rawHeaders[i + 1] ?? ""]);
  }
  const encoding = headers.find(([name]) => name.toLowerCase() === "content-encoding")?.[1];
  const body = decode(encoding, bytes);
  const raw: RawHttpRequest = { method: req.method ?? "GET", url: req.url ?? "/", headers, body };
  if (req.socket.remoteAddress !== undefined) raw.remoteAddress = req.socket.remoteAddress;
  if (req.socket.remotePort !== undefined) raw.remotePort = req.socket.remotePort;
  return raw;
}

/**
 * Writes the head first and the body after, as Mountebank does: Node then frames the body as chunked
 * unless the response itself carries Content-Length, so framing headers match mb's byte for byte.
 */
function write(res: ServerResponse, out: ResponseDescription): void {
  res.writeHead(out.statusCode, out.headers);
  res.end(typeof out.body === "string" ? Buffer.from(out.body, "utf8") : Buffer.from(out.body));
}

async function handle(responder: Responder, req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    const out = await responder(toRaw(req, await readBody(req)));
    if (out.waitMs && out.waitMs > 0) await sleep(out.waitMs);
    write(res, out);
  } catch (error) {
    // Mountebank answers an error while serving with 500 and its error envelope; so do we.
    const message = error instanceof Error ? error.message : String(error);
    const errors = (error as { errors?: unknown }).errors ?? [{ message }];
    res.writeHead(500, { "content-type": "application/json" });
    res.end(JSON.stringify({ errors }));
  }
}

/** Serves one imposter on a free port of 127.0.0.1 with node:http. */
export function serve(responder: Responder): Promise<ServedImposter> {
  const server: Server = createServer((req, res) => void handle(responder, req, res));
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const port = (server.address() as AddressInfo).port;
      const close = () =>
        new Promise<void>((done) => {
          server.close(() => done());
          server.closeAllConnections();
        });
      resolve({ port, close });
    });
  });
}
