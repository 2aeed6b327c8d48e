/**
 * An imposter addressed by path (`/i/<port>`) answers on the admin API's and the dashboard's own origin.
 * A page it serves (a stub's HTML, or one a proxy recorded from any site) would run with that origin's
 * rights: create and delete imposters through the admin API, read the dashboard's token, and with
 * workspaces act for whoever opened it. So when a browser opens the answer as a page, the answer carries
 * a sandbox policy: scripts, forms and popups still run, but in an origin of their own (opaque), which the
 * admin API refuses (`Origin: null`) and which holds no storage of the platform's. Test clients send no
 * `Sec-Fetch-Dest`, so what they receive is mb's answer unchanged; a page that needs a real origin is opened
 * at the imposter's own port or by host (`<port>.localhost`).
 */
export const PAGE_SANDBOX = "sandbox allow-scripts allow-forms allow-popups allow-modals allow-downloads";

/** What a browser fetches as a document or a frame's document (Fetch's request destinations). */
const PAGES = new Set(["document", "iframe", "frame", "embed", "object", "fencedframe"]);

/** Whether a request with these headers opens its answer as a page (the caller has read them already). */
export function opensAsPage(headers: Headers): boolean {
  const destination = headers.get("sec-fetch-dest");
  return destination !== null && PAGES.has(destination);
}

function withSandbox(response: Response): Response {
  const headers = new Headers(response.headers);
  // A policy the stub set is kept: every policy a response carries applies.
  headers.append("content-security-policy", PAGE_SANDBOX);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

export const sandboxed = (answer: Response | Promise<Response>): Response | Promise<Response> =>
  answer instanceof Promise ? answer.then(withSandbox) : withSandbox(answer);
