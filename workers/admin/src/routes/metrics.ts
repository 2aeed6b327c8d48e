import { Hono } from "hono";
import type { AppEnv } from "../env.ts";
import { listImposters } from "../services/imposters.ts";
import { prometheusText } from "../services/metrics.ts";

export const metrics = new Hono<AppEnv>().get("/metrics", async (c) => {
  const text = prometheusText(await listImposters(c.get("admin"), { summaries: true }));
  return new Response(text, { headers: { "content-type": "text/plain; version=0.0.4; charset=utf-8" } });
});
