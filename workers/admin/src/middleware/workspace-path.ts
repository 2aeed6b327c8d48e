import { isWorkspaceId } from "@mockctl/contract";

const PREFIX = "/w/";

// The workspace a request named in its path, keyed by the request the app sees.
const named = new WeakMap<Request, string>();

/**
 * A workspace's admin base URL may be `<origin>/w/<workspace>`, the same prefix its imposters' hosted
 * URLs carry (`/w/<workspace>/i/<port>`), so one base serves a Mountebank client and its imposters. The
 * prefix is removed before routing (Hono ignores `getPath` when `strict` is off, as ours must be) and the
 * workspace kept for middleware/context.ts, which answers 404 unless the caller's token belongs to it.
 */
export function withoutWorkspacePath(request: Request): Request {
  const url = new URL(request.url);
  if (!url.pathname.startsWith(PREFIX)) return request;
  const slash = url.pathname.indexOf("/", PREFIX.length);
  const workspace = url.pathname.slice(PREFIX.length, slash < 0 ? undefined : slash);
  if (!isWorkspaceId(workspace)) return request;
  url.pathname = slash < 0 ? "/" : url.pathname.slice(slash);
  const stripped = new Request(url, request);
  named.set(stripped, workspace);
  return stripped;
}

/** The workspace the request's path named, if it named one. */
export const pathWorkspace = (request: Request): string | undefined => named.get(request);
