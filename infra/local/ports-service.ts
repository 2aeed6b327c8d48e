import { request } from "node:http";
import { isPortsUpdate, type PortTls, tlsOf } from "@mockctl/contract/imposter-ports";
import type { ImposterPorts, PortsWanted } from "./imposter-ports.ts";
import type { Upstream } from "./keep-alive-relay.ts";
import { checkTls } from "./port-listener.ts";

/**
 * The launcher's end of the admin Worker's IMPOSTER_PORTS binding (@mockctl/contract/imposter-ports),
 * served on the loopback. 503 until the listeners exist, or when the platform runs without them.
 */
export function portsService(listeners: () => ImposterPorts | undefined) {
  return async (incoming: Request): Promise<Response> => {
    const ports = listeners();
    if (ports === undefined) return new Response("imposter ports are off", { status: 503 });
    const update: unknown = await incoming.json().catch(() => undefined);
    if (new URL(incoming.url).pathname === "/tls") {
      if (typeof update !== "object" || update === null) return new Response("expected TLS", { status: 400 });
      return Response.json(checkTls(tlsOf(update)));
    }
    if (!isPortsUpdate(update)) return new Response("expected { ports, stamp }", { status: 400 });
    return Response.json(await ports.set({ ports: update.ports, tls: update.tls }, update.stamp));
  };
}

type Target = { socketPath: string } | { host: string; port: number };

/** GET of the admin API on workerd's socket, its JSON answer. */
function askAdmin(target: Target, path: string, apiKey: string | undefined): Promise<unknown> {
  const headers: Record<string, string> = { host: "localhost", connection: "close" };
  if (apiKey !== undefined && apiKey !== "") headers["x-api-key"] = apiKey;
  return new Promise((resolve, reject) => {
    const asked = request({ ...target, path, headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("end", () => {
        if (answer.statusCode !== 200) return reject(new Error(`GET ${path} answered ${answer.statusCode}`));
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")));
        } catch (error) {
          reject(error);
        }
      });
    });
    asked.on("error", reject);
    asked.end();
  });
}

/**
 * The default workspace's imposter ports, asked of the admin API on workerd's socket at start (imposters
 * kept in the data folder listen again), with the TLS of the https ones, read from each one's definition.
 * As `localhost`, which the admin API's Host check always lets in (the public name may be one only
 * `--allowHost` admits).
 */
export async function defaultPorts(upstream: Upstream, apiKey: string | undefined): Promise<PortsWanted> {
  const target: Target = "path" in upstream ? { socketPath: upstream.path } : upstream;
  const { imposters } = (await askAdmin(target, "/imposters", apiKey)) as {
    imposters: Array<{ port: number; protocol: string }>;
  };
  const tls: Record<string, PortTls> = {};
  for (const { port, protocol } of imposters) {
    if (protocol !== "https") continue;
    const definition = await askAdmin(target, `/imposters/${port}?replayable=true`, apiKey);
    tls[port] = tlsOf(definition as object);
  }
  return { ports: imposters.map((imposter) => imposter.port), tls };
}
