import type { Scope } from "@mockctl/contract";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import type * as schema from "./db/schema.ts";

export type Db = DrizzleD1Database<typeof schema>;

/** Who is calling, resolved once per request (middleware/context.ts, services/auth.ts). */
export interface Principal {
  workspaceId: string;
  /** Recorded in the audit log: "anonymous", "api-key" or "token:<name>". */
  actor: string;
  scope: Scope;
  /**
   * The platform key (mb's --apikey), or anyone when no key is configured: may create workspaces, and is an
   * admin of the default workspace.
   */
  operator: boolean;
}

/** Everything a service needs for one admin request. */
export interface AdminContext {
  env: Env;
  db: Db;
  principal: Principal;
  site: Site;
}

/** Where this request came in, for `_links`, `Location` and each imposter's hosted `url`. */
export interface Site {
  /** scheme://host[:port] of the admin request. */
  origin: string;
  hostedUrl(port: number): string;
}

export interface AppEnv {
  Bindings: Env;
  Variables: { admin: AdminContext; body: unknown };
}
