import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { DATA_SOURCES_BINDING, dataSourceService } from "./data-sources.ts";

/**
 * Miniflare's config sends a binding that Node serves (here only DATA_SOURCES) through a small worker that
 * forwards each request to the external service `loopback`, naming the binding in this header.
 */
const CUSTOM_SERVICE = "mf-custom-fetch-service";
const ORIGINAL_URL = "mf-original-url";

export interface Loopback {
  port: number;
  close(): Promise<void>;
}

async function answer(req: IncomingMessage, res: ServerResponse, root: string): Promise<void> {
  const service = String(req.headers[CUSTOM_SERVICE] ?? "");
  if (!service.endsWith(`#${DATA_SOURCES_BINDING}`)) {
    res.writeHead(404).end(`no Node service for ${service || req.url}`);
    return;
  }
  const url = String(req.headers[ORIGINAL_URL] ?? `http://loopback${req.url}`);
  const response = await dataSourceService(root)(new Request(url));
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(response.status, headers);
  res.end(Buffer.from(await response.arrayBuffer()));
}

/** The launcher's end of workerd's `loopback` service, on a free 127.0.0.1 port. */
export async function startLoopback(root: string): Promise<Loopback> {
  const server = createServer((req, res) => {
    answer(req, res, root).catch((error: unknown) => res.writeHead(500).end(String(error)));
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((done) => server.close(() => done())),
  };
}
