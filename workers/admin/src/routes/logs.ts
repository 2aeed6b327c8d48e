import type { LogEntry } from "@mockctl/contract";
import { Hono } from "hono";
import type { AdminContext, AppEnv } from "../env.ts";
import { logWords, recentAudit } from "../services/audit.ts";
import { listPorts } from "../services/catalog.ts";
import { imposterObject } from "../services/imposter-objects.ts";

/**
 * There is no log file on Workers: the workspace's audit log stands in, in mb's `{level, message,
 * timestamp}` shape, with what its imposters' user functions logged merged in by time, and mb's inclusive
 * startIndex/endIndex arithmetic (parseInt, then slice).
 */
export const logs = new Hono<AppEnv>().get("/logs", async (c) => {
  const admin = c.get("admin");
  const [changes, logged] = await Promise.all([auditLines(admin), userCodeLines(admin)]);
  // A stable sort: at the same millisecond, the change comes before what its imposter then logged.
  const entries = [...changes, ...logged].sort((a, b) =>
    a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : 0,
  );
  const start = Number.parseInt(c.req.query("startIndex") || "0", 10);
  const end = Number.parseInt(c.req.query("endIndex") || String(entries.length - 1), 10);
  return c.json({ logs: entries.slice(start, end + 1) });
});

async function auditLines(admin: AdminContext): Promise<LogEntry[]> {
  return (await recentAudit(admin.db, admin.principal.workspaceId)).map((entry) => ({
    level: "info",
    message: `[${entry.target}] ${logWords(entry)} by ${entry.actor}`,
    timestamp: entry.at.toISOString(),
  }));
}

async function userCodeLines(admin: AdminContext): Promise<LogEntry[]> {
  const { env, principal } = admin;
  const ports = await listPorts(admin.db, principal.workspaceId);
  const lines = await Promise.all(
    ports.map((port) => imposterObject(env, principal.workspaceId, port).logs()),
  );
  return lines.flat();
}
