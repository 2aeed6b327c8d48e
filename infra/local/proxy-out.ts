import { request as httpsRequest } from "node:https";
import {
  decodeProxyTls,
  PROXY_BODY_LIMIT_BYTES,
  PROXY_OUT_BINDING,
  PROXY_TLS_HEADER,
} from "@mockctl/contract/proxy-out";

export { PROXY_OUT_BINDING };

/** Set by Node for the origin, or the loopback's own: never the edge's. */
const NOT_SENT = new Set([
  "host",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  PROXY_TLS_HEADER,
]);

/**
 * The launcher's end of the edge's PROXY_OUT binding (@mockctl/contract/proxy-out): the edge's proxied
 * request sent on to its https origin as mb 2.9.1 sends it, through Node's https with the origin's
 * certificate unchecked (mb's `rejectUnauthorized: false`) and the proxy's own key and cert, passphrase,
 * ciphers and protocol; the origin's answer comes back as it came (the edge saves it as a proxy does).
 */
export async function proxyOutService(incoming: Request): Promise<Response> {
  const tls = decodeProxyTls(incoming.headers.get(PROXY_TLS_HEADER));
  const url = new URL(incoming.url);
  if (tls === undefined || url.protocol !== "https:")
    return new Response("expected an https proxy", { status: 400 });
  const headers: Record<string, string> = {};
  incoming.headers.forEach((value, name) => {
    if (!NOT_SENT.has(name)) headers[name] = value;
  });
  const body = incoming.body === null ? undefined : Buffer.from(await incoming.arrayBuffer());
  const { limitMs, ...identity } = tls;
  return new Promise((resolve, reject) => {
    const sent = httpsRequest(
      url,
      {
        method: incoming.method,
        headers,
        ...identity,
        rejectUnauthorized: false,
        signal: AbortSignal.timeout(limitMs > 0 ? limitMs : 30_000),
      },
      (answer) => {
        const chunks: Buffer[] = [];
        let size = 0;
        answer.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          // A byte past the edge's limit is enough for it to refuse the answer; the rest is not read.
          if (size > PROXY_BODY_LIMIT_BYTES) answer.destroy();
        });
        answer.on("error", reject);
        answer.on("close", () => {
          if (size > PROXY_BODY_LIMIT_BYTES) done();
        });
        const done = () => {
          const out = new Headers();
          const raw = answer.rawHeaders;
          for (let i = 0; i + 1 < raw.length; i += 2) out.append(raw[i]!, raw[i + 1]!);
          // Cut short: the loopback must not promise the bytes that were never read.
          if (size > PROXY_BODY_LIMIT_BYTES) out.delete("content-length");
          const status = answer.statusCode ?? 502;
          const nothing = status === 204 || status === 304 || incoming.method === "HEAD";
          resolve(new Response(nothing ? null : Buffer.concat(chunks), { status, headers: out }));
        };
        answer.on("end", done);
      },
    );
    sent.on("error", reject);
    sent.end(body);
  });
}
