/** Where a request to the front door goes: one imposter (with the request target it sees) or the admin API. */
export interface ImposterAddress {
  port: number;
  /** Path and query as the imposter sees them: the `/i/<port>` prefix is already removed. */
  target: string;
}

const PREFIX = "/i/";
const SLASH = 0x2f;

/** Mountebank's own port rule (0 < port < 65536); leading zeros are not a port, so `/i/0123` is not ours. */
function asPort(text: string, start: number, end: number): number | undefined {
  if (end - start < 1 || end - start > 5 || text.charCodeAt(start) === 0x30) return undefined;
  let port = 0;
  for (let i = start; i < end; i++) {
    const digit = text.charCodeAt(i) - 0x30;
    if (digit < 0 || digit > 9) return undefined;
    port = port * 10 + digit;
  }
  return port < 65536 ? port : undefined;
}

// The zone is a var, the same on every request: its suffix is worked out once.
let zoneSeen = "";
let zoneSuffix = ".";

function byHost(hostname: string, zone: string): number | undefined {
  if (zone !== zoneSeen) {
    zoneSeen = zone;
    zoneSuffix = `.${zone.toLowerCase()}`;
  }
  if (!hostname.endsWith(zoneSuffix)) return undefined;
  return asPort(hostname, 0, hostname.length - zoneSuffix.length);
}

/** `/i/<port>` followed by the end or `/`: the port, and where the imposter's own path starts. */
function byPath(pathname: string): { port: number; rest: number } | undefined {
  if (!pathname.startsWith(PREFIX)) return undefined;
  let end = PREFIX.length;
  while (end < pathname.length && pathname.charCodeAt(end) !== SLASH) end++;
  const port = asPort(pathname, PREFIX.length, end);
  return port === undefined ? undefined : { port, rest: end };
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
 * Finds the imposter a URL addresses: by host `<port>.<zone>` (the path is left whole) or by path
 * `/i/<port>…` (the prefix is stripped, `/i/<port>` alone being `/`). Anything else belongs to the admin API.
 */
export function resolveAddress(href: string, zone: string): ImposterAddress | null {
  const url = splitUrl(href);
  const hostPort = byHost(url.hostname, zone);
  if (hostPort !== undefined) return { port: hostPort, target: url.pathname + url.search };
  const path = byPath(url.pathname);
  if (path === undefined) return null;
  const rest = url.pathname.slice(path.rest);
  return { port: path.port, target: (rest === "" ? "/" : rest) + url.search };
}
