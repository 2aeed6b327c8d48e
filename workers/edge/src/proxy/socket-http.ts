import { connect } from "cloudflare:sockets";

/**
 * One HTTP/1.1 exchange on a TCP socket of its own (the runtime's `connect()`), for the one request a Worker's
 * `fetch` cannot send: one whose `Host` is not the URL's own. `fetch` replaces such a Host with the URL's
 * (on Cloudflare by design: origins behind Cloudflare trust its addresses and the Host it sends), so a
 * proxy's `injectHeaders` with a Host (mb issue #388) goes out here, as mb's Node client sends it.
 *
 * Deliberately small: the request says `Connection: close` and the answer is read to the end of the
 * connection, then framed by its own headers (Content-Length or chunked). Nothing is decoded: a compressed
 * answer stays compressed, as mb saves it. TLS for https origins is the runtime's (`secureTransport`).
 */
export interface SocketRequest {
  method: string;
  headers: Array<[string, string]>;
  body?: string;
}

const encoder = new TextEncoder();
const HEAD_END = [13, 10, 13, 10];

export async function requestOverSocket(
  url: string,
  request: SocketRequest,
  signal: AbortSignal,
  maxBytes: number,
): Promise<Response> {
  const target = new URL(url);
  const secure = target.protocol === "https:";
  const port = Number(target.port || (secure ? 443 : 80));
  const socket = connect(
    { hostname: target.hostname.replace(/^\[|\]$/g, ""), port },
    { secureTransport: secure ? "on" : "off", allowHalfOpen: false },
  );
  const close = () => socket.close().catch(() => {});
  signal.addEventListener("abort", close, { once: true });
  try {
    const body = request.body === undefined ? undefined : encoder.encode(request.body);
    const lines = [`${request.method} ${target.pathname}${target.search} HTTP/1.1`];
    for (const [name, value] of request.headers) lines.push(`${name}: ${value}`);
    if (body !== undefined) lines.push(`content-length: ${body.byteLength}`);
    lines.push("connection: close", "", "");
    const writer = socket.writable.getWriter();
    await writer.write(encoder.encode(lines.join("\r\n")));
    if (body !== undefined) await writer.write(body);
    writer.releaseLock();
    const bytes = await readToEnd(socket.readable, maxBytes + 64 * 1024, signal);
    return parseResponse(bytes, request.method);
  } finally {
    signal.removeEventListener("abort", close);
    close();
  }
}

async function readToEnd(
  stream: ReadableStream<Uint8Array>,
  limit: number,
  signal: AbortSignal,
): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (signal.aborted) throw signal.reason;
    if (done) break;
    size += value.byteLength;
    if (size > limit) throw new Error(`the answer is larger than ${limit} bytes`);
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.byteLength;
  }
  return all;
}

function indexOfHeadEnd(bytes: Uint8Array, from: number): number {
  for (let i = from; i + 3 < bytes.length; i++) {
    if (HEAD_END.every((byte, k) => bytes[i + k] === byte)) return i;
  }
  return -1;
}

/** Status, headers and body of the final answer (a `100 Continue` head is skipped). */
export function parseResponse(bytes: Uint8Array<ArrayBuffer>, method: string): Response {
  let start = 0;
  for (;;) {
    const end = indexOfHeadEnd(bytes, start);
    if (end < 0) throw new Error("the origin closed the connection before a complete answer");
    const [statusLine = "", ...fields] = new TextDecoder("latin1")
      .decode(bytes.subarray(start, end))
      .split("\r\n");
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
    if (!Number.isInteger(status)) throw new Error(`not an HTTP answer: ${JSON.stringify(statusLine)}`);
    start = end + 4;
    if (status >= 100 && status < 200) continue;
    const headers = new Headers();
    for (const field of fields) {
      const colon = field.indexOf(":");
      if (colon > 0) headers.append(field.slice(0, colon).trim(), field.slice(colon + 1).trim());
    }
    const noBody = method === "HEAD" || status === 204 || status === 304;
    const rest = bytes.subarray(start);
    const body = noBody ? null : framedBody(rest, headers);
    headers.delete("transfer-encoding");
    return new Response(body, { status, headers });
  }
}

function framedBody(rest: Uint8Array<ArrayBuffer>, headers: Headers): Uint8Array<ArrayBuffer> {
  if (/chunked/i.test(headers.get("transfer-encoding") ?? "")) return dechunk(rest);
  const length = headers.get("content-length");
  return length === null ? rest : rest.subarray(0, Number(length));
}

function dechunk(bytes: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  const parts: Uint8Array[] = [];
  const text = new TextDecoder("latin1");
  let at = 0;
  for (;;) {
    const lineEnd = bytes.indexOf(10, at);
    if (lineEnd < 0) break;
    const size = Number.parseInt(text.decode(bytes.subarray(at, lineEnd)).split(";")[0] ?? "", 16);
    if (!(size > 0)) break;
    parts.push(bytes.subarray(lineEnd + 1, lineEnd + 1 + size));
    at = lineEnd + 1 + size + 2;
  }
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}
