import { request } from "node:http";
import { isPortsUpdate } from "@mockctl/contract/imposter-ports";
import type { ImposterPorts } from "./imposter-ports.ts";
import type { Upstream } from "./keep-alive-relay.ts";

/**
 * The launcher's end of the admin Worker's IMPOSTER_PORTS binding (@mockctl/contract/imposter-ports),
 * served on the loopback. 503 until the listeners exist, or when the platform runs without them.
 */
export function portsService(listeners: () => ImposterPorts | undefined) {
  return async (incoming: Request): Promise<Response> => {
    const ports = listeners();
    if (ports === undefined) return new Response("imposter ports are off", { status: 503 });
    const update: unknown = await incoming.json().catch(() => undefined);
    if (!isPortsUpdate(update)) return new Response("expected { ports, stamp }", { status: 400 });
    return Response.json(await ports.set(update.ports, update.stamp));
  };
}

/**
 * The default workspace's imposter ports, asked of the admin API on workerd's socket at start (imposters
 * kept in the data folder listen again). As `localhost`, which the admin API's Host check always lets in
 * (the public name may be one only `--allowHost` admits); only the ports are read from the answer.
 */
export function defaultPorts(upstream: Upstream, apiKey: string | undefined): Promise<number[]> {
  const target = "path" in upstream ? { socketPath: upstream.path } : upstream;
  const headers: Record<string, string> = { host: "localhost", connection: "close" };
  if (apiKey !== undefined && apiKey !== "") headers["x-api-key"] = apiKey;
  return new Promise((resolve, reject) => {
    const asked = request({ ...target, path: "/imposters", headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("end", () => {
        if (answer.statusCode !== 200)
          return reject(new Error(`GET /imposters answered ${answer.statusCode}`));
        const { imposters } = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
          imposters: Array<{ port: number }>;
        };
        resolve(imposters.map((imposter) => imposter.port));
      });
    });
    asked.on("error", reject);
    asked.end();
  });
}
