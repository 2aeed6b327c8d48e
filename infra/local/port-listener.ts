import { createServer, type RequestListener, type Server } from "node:http";
import { createServer as createTlsServer, type ServerOptions } from "node:https";
import { createSecureContext } from "node:tls";
import type { PortTls, TlsVerdict } from "@mockctl/contract/imposter-ports";
import { DEFAULT_TLS_CERT, DEFAULT_TLS_KEY } from "./default-tls.ts";

/** An imposter's listener, and the TLS it was made with (none: plain http). */
export interface PortServer {
  server: Server;
  tls: PortTls | undefined;
  /** Compared with what a change asks for: a listener whose TLS changed is made anew. */
  signature: string;
}

export const tlsSignature = (tls: PortTls | undefined): string =>
  tls === undefined ? "" : JSON.stringify(tls);

/**
 * mb 2.9.1's https imposter (httpsServer.js): its key and cert, else the built-in pair; a client
 * certificate asked for only when `mutualAuth` and `rejectUnauthorized` are both set, and then checked
 * against `ca` (Node's own roots without one). With `mutualAuth` alone no certificate is asked for.
 */
function serverOptions(tls: PortTls): ServerOptions {
  const options: ServerOptions = {
    key: tls.key ?? DEFAULT_TLS_KEY,
    cert: tls.cert ?? DEFAULT_TLS_CERT,
    requestCert: tls.mutualAuth === true && tls.rejectUnauthorized === true,
    rejectUnauthorized: tls.rejectUnauthorized === true,
  };
  if (tls.ca !== undefined) options.ca = tls.ca;
  if (tls.ciphers !== undefined) options.ciphers = tls.ciphers;
  return options;
}

/** What OpenSSL says of these settings: nothing when a listener can be made with them. */
export function checkTls(tls: PortTls): TlsVerdict {
  try {
    createSecureContext(serverOptions(tls));
    return {};
  } catch (thrown) {
    const { message, code, library, reason } = thrown as Error & Record<string, unknown>;
    const text = (value: unknown) => (typeof value === "string" ? value : undefined);
    const error = { message, code: text(code), library: text(library), reason: text(reason) };
    return { error: JSON.parse(JSON.stringify(error)) as NonNullable<TlsVerdict["error"]> };
  }
}

/** Throws, as mb's creation does, when OpenSSL cannot read the key, the cert or the cipher list. */
export function listenerFor(tls: PortTls | undefined, listener: RequestListener): PortServer {
  // An https.Server is a tls.Server that serves Node's HTTP on each TLS socket: what the forwarder needs of
  // an http.Server (request events, keepAliveTimeout, closeAllConnections) it has too.
  const server =
    tls === undefined
      ? createServer(listener)
      : (createTlsServer(serverOptions(tls), listener) as unknown as Server);
  return { server, tls, signature: tlsSignature(tls) };
}

export function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

/** mb closes an imposter's connections with it: a pooled one must not reach a port that is gone. */
export function stop(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
