import { isWorkspaceId } from "./naming.ts";
import { portAt } from "./ports.ts";

/** Where a request to the front door goes: one imposter (with the request target it sees) or the admin API. */
export interface ImposterAddress {
  /** The workspace the URL names; undefined for the short forms, which address the default workspace. */
  workspace: string | undefined;
  port: number;
  /** Path and query as the imposter sees them: the `/i/<port>` prefix is already removed. */
  target: string;
  /**
   * Addressed by path, so served on the admin API's and the dashboard's own origin: a page it answers must
   * not act with that origin's rights (edge page-sandbox.ts).
   */
  onAdminOrigin: boolean;
}

const PREFIX = "/i/";
const WORKSPACE_PREFIX = "/w/";
const SLASH = 0x2f;

// The zone is a var, the same on every request: its suffix is worked out once.
let zoneSeen = "";
let zoneSuffix = ".";

interface Found {
  workspace: string | undefined;
  port: number;
}

/** `<port>.<zone>`, or `<port>.<workspace>.<zone>` for another workspace. */
function byHost(hostname: string, zone: string): Found | undefined {
  if (zone !== zoneSeen) {
    zoneSeen = zone;
    zoneSuffix = `.${zone.toLowerCase()}`;
  }
  if (!hostname.endsWith(zoneSuffix)) return undefined;
  const end = hostname.length - zoneSuffix.length;
  const dot = hostname.indexOf(".");
  if (dot >= end) return found(undefined, portAt(hostname, 0, end));
  const workspace = hostname.slice(dot + 1, end);
  return isWorkspaceId(workspace) ? found(workspace, portAt(hostname, 0, dot)) : undefined;
}

const found = (workspace: string | undefined, port: number | undefined): Found | undefined =>
  port === undefined ? undefined : { workspace, port };

interface Prefix {
  workspace: string | undefined;
  at: number;
}

const SHORT: Prefix = { workspace: undefined, at: 0 };

/** Where `/i/` starts: 0, or after `/w/<workspace>`; undefined when the workspace is not an id. */
function workspacePrefix(pathname: string): Prefix | undefined {
  if (!pathname.startsWith(WORKSPACE_PREFIX)) return SHORT;
  const slash = pathname.indexOf("/", WORKSPACE_PREFIX.length);
  const workspace = pathname.slice(WORKSPACE_PREFIX.length, slash < 0 ? 0 : slash);
  return isWorkspaceId(workspace) ? { workspace, at: slash } : undefined;
}

/** `[/w/<workspace>]/i/<port>` followed by the end or `/`: where the imposter's own path starts. */
function byPath(pathname: string): (Found & { rest: number }) | undefined {
  const prefix = workspacePrefix(pathname);
  if (prefix === undefined || !pathname.startsWith(PREFIX, prefix.at)) return undefined;
  const start = prefix.at + PREFIX.length;
  let end = start;
  while (end < pathname.length && pathname.charCodeAt(end) !== SLASH) end++;
  const port = portAt(pathname, start, end);
  return port === undefined ? undefined : { workspace: prefix.workspace, port, rest: end };
}

/** The parts of a serialized http(s) URL the front door needs. */
interface UrlParts {
  hostname: string;
  pathname: string;
  search: string;
}

/**
 * Splits `request.url` by hand: a URL parse costs more than the rest of routing, and the runtime hands
 * over the URL already serialized (host lower-cased, path always starting with `/`, no fragment), so
 * the parts are where the URL standard puts them. Results equal URL's `hostname`, `pathname`, `search`.
 */
export function splitUrl(href: string): UrlParts {
  const authorityStart = href.indexOf("//") + 2;
  let pathStart = href.indexOf("/", authorityStart);
  if (pathStart < 0) pathStart = href.length;
  const hash = href.indexOf("#", pathStart);
  const end = hash < 0 ? href.length : hash;
  const query = href.indexOf("?", pathStart);
  const pathEnd = query < 0 || query > end ? end : query;
  const search = pathEnd === end || end - pathEnd === 1 ? "" : href.slice(pathEnd, end);
  let host = href.slice(authorityStart, pathStart);
  host = host.slice(host.lastIndexOf("@") + 1);
  const colon = host.lastIndexOf(":");
  if (colon > host.lastIndexOf("]")) host = host.slice(0, colon);
  return { hostname: host, pathname: href.slice(pathStart, pathEnd) || "/", search };
}

/**
 * Finds the imposter a URL addresses: by host `<port>[.<workspace>].<zone>` (the path is left whole) or by
 * path `[/w/<workspace>]/i/<port>…` (the prefix is stripped, `/i/<port>` alone being `/`). Anything else
 * belongs to the admin API. hostedUrl (hosted-url.ts) writes these forms.
 */
export function resolveAddress(href: string, zone: string): ImposterAddress | null {
  const url = splitUrl(href);
  const host = byHost(url.hostname, zone);
  if (host !== undefined) return { ...host, target: url.pathname + url.search, onAdminOrigin: false };
  return byPathOnly(url, true);
}

function byPathOnly(url: UrlParts, onAdminOrigin: boolean): ImposterAddress | null {
  const path = byPath(url.pathname);
  if (path === undefined) return null;
  const rest = url.pathname.slice(path.rest);
  const target = (rest === "" ? "/" : rest) + url.search;
  return { workspace: path.workspace, port: path.port, target, onAdminOrigin };
}

/**
 * The address of a request the launcher forwarded from imposter `port`'s own socket (its OWN_PORT_HEADER,
 * imposter-ports.ts): by its path alone, whatever its Host, and on an origin of its own; null if it is not one.
 */
export function ownPortAddress(href: string, port: string): ImposterAddress | null {
  const address = byPathOnly(splitUrl(href), false);
  return address !== null && address.workspace === undefined && String(address.port) === port
    ? address
    : null;
}
