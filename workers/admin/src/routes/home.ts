import { Hono } from "hono";
import type { AppEnv } from "../env.ts";

export const home = new Hono<AppEnv>().get("/", (c) => {
  const { origin } = c.get("admin").site;
  return c.json({
    _links: {
      imposters: { href: `${origin}/imposters` },
      config: { href: `${origin}/config` },
      logs: { href: `${origin}/logs` },
    },
  });
});
