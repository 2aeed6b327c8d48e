import { request as httpRequest } from "node:http";

/** One request of a case, as the client sends it on the wire. */
export interface WireRequest {
  method?: string;
  /** Path and query exactly as sent, e.g. `/a%20b?x=1&x=2`. Defaults to `/`. */
  path?: string;
  /** Header pairs in order; repeat a name to send it twice. */
  headers?: Array<[string, string]>;
  /** Text (sent as UTF-8) or raw bytes. */
  body?: string | Uint8Array;
}

/** What came back, before any comparison rules are applied. */
export interface WireResponse {
  status: number;
  /** Raw header pairs in arrival order, names in the case the server wrote them. */
  headers: Array<[string, string]>;
  body: Uint8Array;
  elapsedMs: number;
}

function pairs(raw: string[]): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (let i = 0; i + 1 < raw.length; i += 2) out.push([raw[i] ?? "", raw[i + 1] ?? ""]);
  return out;
}

/**
 * Sends one request on a fresh connection (no agent: mb closes every connection, and sharing sockets
 * between targets would couple them). Content-Length is added for a body unless the case sets one,
 * so neither server sees chunked request framing. `host` is the Host header to claim: targets that
 * serve an imposter on another port than its id still show the client the id's address.
 */
export function send(port: number, req: WireRequest, host = `127.0.0.1:${port}`): Promise<WireResponse> {
  const body = typeof req.body === "string" ? new TextEncoder().encode(req.body) : req.body;
  const headers = [...(req.headers ?? [])];
  const has = (wanted: string) => headers.some(([name]) => name.toLowerCase() === wanted);
  if (!has("host")) headers.unshift(["Host", host]);
  if (body && body.length > 0 && !has("content-length"))
    headers.push(["Content-Length", String(body.length)]);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: "127.0.0.1",
        port,
        method: req.method ?? "GET",
        path: req.path ?? "/",
        headers: headers.flat(),
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: pairs(res.rawHeaders),
            body: new Uint8Array(Buffer.concat(chunks)),
            elapsedMs: performance.now() - started,
          }),
        );
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body ? Buffer.from(body) : undefined);
  });
}
