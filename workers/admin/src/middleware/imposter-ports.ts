import { IMPOSTER_PORTS_URL, type PortsUpdate, type PortTls, tlsOf } from "@mockctl/contract/imposter-ports";
import type { MiddlewareHandler } from "hono";
import type { AppEnv, Db } from "../env.ts";
import { listProtocols } from "../services/catalog.ts";
import { imposterObject } from "../services/imposter-objects.ts";
import { launcherOf } from "../services/launcher.ts";

/** The routes that add or remove imposters: POST, PUT and DELETE on /imposters and DELETE /imposters/:id. */
const CHANGES_IMPOSTERS = /\/imposters(?:\/[^/]+)?\/?$/;
const WRITES = new Set(["POST", "PUT", "DELETE"]);

let sent = 0;
/** Increasing across admin isolates too (a restarted workerd starts the count again): time, then count. */
const nextStamp = () => Date.now() * 1_000 + (sent++ % 1_000);

/**
 * Every port with the TLS of its https imposters, read from their objects (the catalog has no key or
 * cert): one read an https imposter a change, and most workspaces have none.
 */
async function portsOf(env: Env, db: Db, workspaceId: string, stamp: number): Promise<PortsUpdate> {
  const entries = await listProtocols(db, workspaceId);
  const ports = entries.map((entry) => entry.port);
  const https = entries.filter((entry) => entry.protocol === "https");
  if (https.length === 0) return { ports, stamp };
  const tls: Record<string, PortTls> = {};
  await Promise.all(
    https.map(async ({ port }) => {
      const record = await imposterObject(env, workspaceId, port).summary();
      if (record !== null) tls[port] = tlsOf(record.imposter);
    }),
  );
  return { ports, tls, stamp };
}

/**
 * After a change to the default workspace's imposters, and before its answer goes out, the launcher is
 * told every port the workspace holds, so an mb client can connect to an imposter's own port as soon as it
 * is created (and finds it closed once deleted). A launcher that cannot be told costs the change nothing:
 * the imposters still answer at their URLs.
 */
export const imposterPorts: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const launcher = launcherOf(c.env);
  if (launcher === undefined || !WRITES.has(c.req.method) || c.res.status >= 400) return;
  if (!CHANGES_IMPOSTERS.test(c.req.path)) return;
  const admin = c.get("admin");
  if (admin === undefined || admin.principal.workspaceId !== c.env.WORKSPACE) return;
  const stamp = nextStamp();
  try {
    const update = await portsOf(c.env, admin.db, admin.principal.workspaceId, stamp);
    const answer = await launcher.fetch(IMPOSTER_PORTS_URL, { method: "PUT", body: JSON.stringify(update) });
    await answer.body?.cancel();
  } catch (error) {
    console.error("could not tell the launcher the imposter ports", error);
  }
};
