import { type ClientRequestOptions, hc } from "hono/client";
import type { AdminApp } from "./app.ts";

/**
 * The typed client of the admin API (Mountebank's routes and ours), for the CLI, the dashboard and the
 * platform's own tests: `adminClient("http://127.0.0.1:2525").imposters.$post({ json })`. Bodies are
 * passed as `json`, like any Mountebank client's; answers are typed from the routes' `c.json` calls.
 * An x-api-key goes in `options.headers`.
 */
export function adminClient(baseUrl: string, options?: ClientRequestOptions) {
  return hc<AdminApp>(baseUrl, options);
}

export type AdminClient = ReturnType<typeof adminClient>;
export type { AdminApp };
