import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import type { Upstream } from "./keep-alive-relay.ts";

export interface PrivateDoor {
  /** http://127.0.0.1:<port>, for the launcher's own requests while the public port still holds clients. */
  url: string;
  close(): Promise<void>;
}

/**
 * A loopback HTTP door to workerd for the launcher's own requests before the platform opens (the
 * `--configfile` deploy). Each request is sent on with the public origin's Host, so the admin API's answers
 * name the URLs users will call (an imposter's `url` is made from the Host it was asked through), not this
 * door's port. One request per connection upstream: the door lives for a few requests only.
 */
export function openPrivateDoor(upstream: Upstream, publicHost: string): Promise<PrivateDoor> {
  const server = createServer((incoming, outgoing) => {
    const target = "path" in upstream ? { socketPath: upstream.path } : upstream;
    const forwarded = request(
      {
        ...target,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: publicHost, connection: "close" },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on("error", () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(forwarded);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
