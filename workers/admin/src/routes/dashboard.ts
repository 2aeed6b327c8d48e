/** Where the dashboard (dashboard/, a Vite build) is served on the platform's origin. */
export const DASHBOARD_PATH = "/dashboard";

/**
 * The dashboard's files from the Worker's static assets (wrangler.jsonc `assets`, run_worker_first so every
 * other path stays Mountebank's), or undefined for any other path. Outside the admin API's Hono app, so
 * the files are not an API route (not in /openapi.json, not in the typed client) and go through none of
 * mb's middleware: no x-api-key is asked for (the app signs in against the API), no JSON body is read.
 * The build's root is the assets' root, so `/dashboard/x` is asset `/x`; an unknown path under it answers
 * index.html (`not_found_handling`). `/dashboard` is redirected to `/dashboard/` so the page's relative
 * URLs resolve under the folder.
 */
export function serveDashboard(request: Request, env: Env): Promise<Response> | Response | undefined {
  if (request.method !== "GET" && request.method !== "HEAD") return undefined;
  const url = new URL(request.url);
  if (url.pathname === DASHBOARD_PATH)
    return new Response(null, { status: 301, headers: { location: `${DASHBOARD_PATH}/${url.search}` } });
  if (!url.pathname.startsWith(`${DASHBOARD_PATH}/`)) return undefined;
  url.pathname = url.pathname.slice(DASHBOARD_PATH.length);
  return env.ASSETS.fetch(new Request(url, request));
}
