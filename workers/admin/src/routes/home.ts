import { Hono } from "hono";
import type { AppEnv } from "../env.ts";

// A browser at the root is sent to the dashboard (routes/dashboard.ts): the answer depends on Accept, as mb's.
export const home = new Hono<AppEnv>().get("/", (c) => {
  const { origin } = c.get("admin").site;
  c.header("Vary", "Accept");
  return c.json({
    _links: {
      imposters: { href: `${origin}/imposters` },
      config: { href: `${origin}/config` },
      logs: { href: `${origin}/logs` },
    },
  });
});
