import { Hono } from "hono";
import type { AppEnv } from "../env.ts";
import { allowsInjection } from "../services/workspaces.ts";

/** The Mountebank version whose admin API this platform reproduces. */
export const MOUNTEBANK_VERSION = "2.9.1";

// Without STARTED_AT (Cloudflare), the isolate's first request: in workerd, time does not advance while a
// module is being evaluated. Noted by every admin request (index.ts), so it is not the first GET /config.
let firstRequestAt: number | undefined;
export const noteRequest = (): void => {
  firstRequestAt ??= Date.now();
};

/**
 * mb's shape: version, the options that matter to a client, and a process section. There is no Node process
 * on Workers, so `process` describes the runtime and memory figures are 0. The API key is never echoed.
 */
export const config = new Hono<AppEnv>().get("/config", async (c) => {
  noteRequest();
  const startedAt = Number(c.env.STARTED_AT) || (firstRequestAt as number);
  const admin = c.get("admin");
  const url = new URL(c.req.url);
  return c.json({
    version: MOUNTEBANK_VERSION,
    options: {
      port: Number(url.port) || (url.protocol === "https:" ? 443 : 80),
      allowInjection: await allowsInjection(admin),
      localOnly: false,
      ipWhitelist: ["*"],
      debug: false,
      origin: false,
    },
    process: {
      nodeVersion: "none",
      architecture: "workerd",
      platform: "workerd",
      rss: 0,
      heapTotal: 0,
      heapUsed: 0,
      uptime: Math.max(0, Date.now() - startedAt) / 1000,
      cwd: "/",
    },
  });
});
