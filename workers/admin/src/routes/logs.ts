import { Hono } from "hono";
import type { AppEnv } from "../env.ts";
import { logWords, recentAudit } from "../services/audit.ts";

/**
 * There is no log file on Workers: the workspace's audit log stands in, in mb's `{level, message,
 * timestamp}` shape, with mb's inclusive startIndex/endIndex arithmetic (parseInt, then slice).
 */
export const logs = new Hono<AppEnv>().get("/logs", async (c) => {
  const admin = c.get("admin");
  const entries = (await recentAudit(admin.db, admin.principal.workspaceId)).map((entry) => ({
    level: "info",
    message: `[${entry.target}] ${logWords(entry)} by ${entry.actor}`,
    timestamp: entry.at.toISOString(),
  }));
  const start = Number.parseInt(c.req.query("startIndex") || "0", 10);
  const end = Number.parseInt(c.req.query("endIndex") || String(entries.length - 1), 10);
  return c.json({ logs: entries.slice(start, end + 1) });
});
