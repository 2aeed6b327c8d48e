import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

/** A small origin for proxy cases, on 127.0.0.1: what it answers depends only on the request. */
export interface Origin {
  readonly url: string;
  /** How many requests reached it: recorded replays must not. */
  readonly hits: () => number;
  close(): Promise<void>;
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]);

/** Status, content type and body for a request, by path; anything else gets what the origin saw. */
function answer(req: IncomingMessage, body: string): [number, string, string | Buffer] {
  const path = (req.url ?? "/").split("?")[0];
  if (path === "/bin") return [200, "image/png", PNG];
  if (path === "/json") return [200, "application/json", JSON.stringify({ path, list: [1, "two"] })];
  if (path === "/missing") return [404, "text/plain", "no such thing"];
  // Everything the proxy controls, and nothing a client stack adds on its own (user agents, encodings).
  const seen = {
    method: req.method,
    url: req.url,
    host: req.headers.host,
    chunked: req.headers["transfer-encoding"] !== undefined,
    injected: req.headers["x-injected"],
    authorization: req.headers.authorization,
    type: req.headers["content-type"],
    body,
  };
  return [200, "text/plain", JSON.stringify(seen)];
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer): void {
  // Lower-case names and an explicit length: mb saves names as sent and workerd lower-cases them.
  res.writeHead(status, { "content-type": type, "content-length": Buffer.byteLength(body), "x-origin": "1" });
  res.end(body);
}

export async function startOrigin(): Promise<Origin> {
  let hits = 0;
  const server: Server = createServer((req, res) => {
    hits += 1;
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => send(res, ...answer(req, Buffer.concat(chunks).toString())));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    hits: () => hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
