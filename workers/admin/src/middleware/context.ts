import { hostedUrl } from "@mockctl/contract";
import { drizzle } from "drizzle-orm/d1";
import type { MiddlewareHandler } from "hono";
import * as schema from "../db/schema.ts";
import type { AppEnv, Site } from "../env.ts";
import { principalFor } from "./api-key.ts";

/**
 * Links use the request's own scheme and host, as Mountebank writes http://<Host> (on the hosted platform
 * https keeps clients and their x-api-key off plain http). An imposter's `url` names the caller's workspace
 * unless it is the default one, so it is the URL the front door serves that workspace's imposter at.
 */
function siteFor(requestUrl: string, env: Env, workspaceId: string): Site {
  const origin = new URL(requestUrl).origin;
  const workspace = workspaceId === env.WORKSPACE ? undefined : workspaceId;
  const options = { origin, zone: env.ZONE, workspace };
  return { origin, hostedUrl: (port) => hostedUrl(options, port) };
}

/** Runs before the body is read, so an unauthenticated caller cannot make us parse anything. */
export const adminContext: MiddlewareHandler<AppEnv> = async (c, next) => {
  const db = drizzle(c.env.DB, { schema });
  const principal = await principalFor(db, c.env, c.req.header("x-api-key"));
  const site = siteFor(c.req.url, c.env, principal.workspaceId);
  c.set("admin", { env: c.env, db, principal, site });
  await next();
};
