import { drizzle } from "drizzle-orm/d1";
import type { MiddlewareHandler } from "hono";
import * as schema from "../db/schema.ts";
import type { AppEnv } from "../env.ts";
import { siteFor } from "../services/site.ts";
import { principalFor } from "./api-key.ts";

/** Runs before the body is read, so an unauthenticated caller cannot make us parse anything. */
export const adminContext: MiddlewareHandler<AppEnv> = async (c, next) => {
  const db = drizzle(c.env.DB, { schema });
  const principal = await principalFor(db, c.env, c.req.header("x-api-key"));
  c.set("admin", { env: c.env, db, principal, site: siteFor(c.req.url, c.env.ZONE) });
  await next();
};
