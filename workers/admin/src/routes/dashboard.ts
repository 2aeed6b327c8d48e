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
  // mb answers a browser at its root with its web pages; ours are the dashboard. Clients of the API (curl's
  // */*, no Accept, application/json) still get mb's JSON home.
  if (url.pathname === "/" && prefersHtml(request.headers.get("accept")))
    return new Response(null, { status: 302, headers: { location: `${DASHBOARD_PATH}/`, vary: "Accept" } });
  if (url.pathname === DASHBOARD_PATH)
    return new Response(null, { status: 301, headers: { location: `${DASHBOARD_PATH}/${url.search}` } });
  if (!url.pathname.startsWith(`${DASHBOARD_PATH}/`)) return undefined;
  url.pathname = url.pathname.slice(DASHBOARD_PATH.length);
  return env.ASSETS.fetch(new Request(url, request));
}

/** The q of `type` in an Accept header: its own range, else its family (`text/` any), else any type; 0 when none. */
function quality(ranges: Array<{ range: string; q: number }>, type: string): number {
  const wildcard = `${type.split("/")[0]}/*`;
  for (const candidate of [type, wildcard, "*/*"]) {
    const found = ranges.find((one) => one.range === candidate);
    if (found !== undefined) return found.q;
  }
  return 0;
}

/** Whether an Accept header ranks HTML above JSON, as a browser's navigation does (Express's res.format). */
export function prefersHtml(accept: string | null): boolean {
  if (accept === null) return false;
  const ranges = accept.split(",").map((part) => {
    const [range = "", ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith("q="));
    return { range, q: q === undefined ? 1 : Number(q.slice(2)) || 0 };
  });
  return quality(ranges, "text/html") > quality(ranges, "application/json");
}
