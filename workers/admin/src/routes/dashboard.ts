import { Hono } from "hono";
import type { AppEnv } from "../env.ts";

/** Where the dashboard (dashboard/, a Vite build) is served on the platform's origin. */
export const DASHBOARD_PATH = "/dashboard";

/**
 * The dashboard's files from the Worker's static assets (wrangler.jsonc `assets`, run_worker_first so every
 * other path stays Mountebank's). The build's root is the assets' root, so `/dashboard/x` is asset `/x`;
 * an unknown path under it answers index.html (`not_found_handling`). `/dashboard` gets mb-style routing's
 * trailing-slash redirect, so the page's relative URLs resolve under the folder. No x-api-key is asked
 * for: the files are public, the app signs in against the API.
 */
export const dashboard = new Hono<AppEnv>().get(`${DASHBOARD_PATH}/*`, (c) => {
  const url = new URL(c.req.url);
  if (url.pathname === DASHBOARD_PATH) return c.redirect(`${DASHBOARD_PATH}/${url.search}`, 301);
  url.pathname = url.pathname.slice(DASHBOARD_PATH.length);
  return c.env.ASSETS.fetch(new Request(url, c.req.raw));
});
