import { hostedUrl } from "@mockctl/contract";
import { MbFailure } from "@mockctl/core";
import { drizzle } from "drizzle-orm/d1";
import type { MiddlewareHandler } from "hono";
import * as schema from "../db/schema.ts";
import type { AppEnv, Db, Site } from "../env.ts";
import { touchToken } from "../services/tokens.ts";
import { ANONYMOUS, callerFor } from "./api-key.ts";
import { requireScope } from "./scope.ts";
import { pathWorkspace } from "./workspace-path.ts";

/**
 * Links use the request's own scheme and host, as Mountebank writes http://<Host> (on the hosted platform
 * https keeps clients and their x-api-key off plain http), and keep the `/w/<workspace>` prefix the
 * caller used. An imposter's `url` names the caller's workspace unless it is the default one, so it is the
 * URL the front door serves that workspace's imposter at.
 */
function siteFor(requestUrl: string, env: Env, workspaceId: string, viaPath: boolean): Site {
  const origin = new URL(requestUrl).origin;
  const workspace = workspaceId === env.WORKSPACE ? undefined : workspaceId;
  const options = { origin, zone: env.ZONE, workspace };
  const base = viaPath ? `${origin}/w/${workspaceId}` : origin;
  return { origin: base, hostedUrl: (port) => hostedUrl(options, port) };
}

/** Another workspace's base URL answers as if it did not exist: 404, never 403 (that would confirm it). */
const notHere = (method: string, path: string) =>
  new MbFailure({ code: "no such resource", message: `Cannot ${method} ${path}` });

/**
 * A caller without a token at a workspace's base URL on an open platform (no API key, as `npm start`): it
 * is the default workspace's operator, so the path is not its own, but a 404 naming `/imposters` read as a
 * missing route. The same 401 for any workspace id, so it tells nothing of which exist.
 */
const tokenNeeded = (workspace: string) =>
  new MbFailure({
    code: "unauthorized",
    message: `/w/${workspace} is workspace ${workspace}'s admin API: send one of its tokens in x-api-key or Authorization: Bearer`,
  });

/**
 * One drizzle client per D1 binding: making one walks the whole schema (drizzle's relational config),
 * 7.5% of this isolate's time on an admin read when it was made per request (infra/bench/ADMIN-READS.md).
 */
const clients = new WeakMap<D1Database, Db>();
function clientFor(binding: D1Database): Db {
  let db = clients.get(binding);
  if (db === undefined) {
    db = drizzle(binding, { schema });
    clients.set(binding, db);
  }
  return db;
}

/**
 * Runs before the body is read, so an unauthenticated caller cannot make us parse anything. Order: who
 * (401), then whether the workspace in the path is theirs (404), then their scope (403).
 */
export const adminContext: MiddlewareHandler<AppEnv> = async (c, next) => {
  const db = clientFor(c.env.DB);
  const now = Date.now();
  const { principal, token } = await callerFor(db, c.env, (name) => c.req.header(name), now);
  const named = pathWorkspace(c.req.raw);
  if (named !== undefined && named !== principal.workspaceId) {
    if (principal.actor === ANONYMOUS) throw tokenNeeded(named);
    throw notHere(c.req.method, `/w/${named}${c.req.path}`);
  }
  requireScope(principal, c.req.method, c.req.path);
  const touch = token === undefined ? null : touchToken(db, token, now);
  if (touch !== null) c.executionCtx.waitUntil(touch);
  const site = siteFor(c.req.url, c.env, principal.workspaceId, named !== undefined);
  c.set("admin", { env: c.env, db, principal, site });
  await next();
};
