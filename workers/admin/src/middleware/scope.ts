import { PLATFORM_PATHS, type Scope, scopeAllows } from "@mockctl/contract";
import { MbFailure } from "@mockctl/core";
import type { Principal } from "../env.ts";

/** Creating a workspace is the platform operator's alone (the platform key). */
type Needed = Scope | "operator";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/** POSTs that change nothing: explaining which stub would answer a request (the apidoc routes). */
const READ_ONLY_POSTS = [/^\/imposters\/[^/]+\/explain\/?$/];

const trimmed = (path: string) => (path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path);

/**
 * What a request needs: `read` lists and gets; `write` also changes imposters (every other Mountebank
 * route); `admin` also manages tokens, the workspace's settings and reads its audit log.
 */
export function neededScope(method: string, rawPath: string): Needed {
  const path = trimmed(rawPath);
  if (path === PLATFORM_PATHS.workspaces && method === "POST") return "operator";
  if (path === PLATFORM_PATHS.workspace && READS.has(method)) return "read";
  if (path.startsWith("/platform/")) return "admin";
  if (READS.has(method)) return "read";
  return READ_ONLY_POSTS.some((pattern) => pattern.test(path)) ? "read" : "write";
}

/** 403 within the caller's own workspace: the request is refused whatever it names, so it reveals nothing. */
export function requireScope(principal: Principal, method: string, path: string): void {
  const needed = neededScope(method, path);
  const allowed = needed === "operator" ? principal.operator : scopeAllows(principal.scope, needed);
  if (allowed) return;
  const what = needed === "operator" ? "the platform key" : `a token with the ${needed} scope`;
  throw new MbFailure({
    code: "insufficient access",
    message: `${method} ${path} needs ${what}; this caller has the ${principal.scope} scope`,
  });
}
