/** Where a request to the front door goes: one imposter (with the request target it sees) or the admin API. */
export interface ImposterAddress {
  port: number;
  /** Path and query as the imposter sees them: the `/i/<port>` prefix is already removed. */
  target: string;
}

const PATH_PREFIX = /^\/i\/(\d{1,5})(?=\/|$)/;

/** Mountebank's own port rule (0 < port < 65536); leading zeros are not a port, so `/i/0123` is not ours. */
function asPort(digits: string): number | undefined {
  const port = Number(digits);
  return digits[0] !== "0" && port < 65536 ? port : undefined;
}

function byHost(hostname: string, zone: string): number | undefined {
  const suffix = `.${zone.toLowerCase()}`;
  if (!hostname.endsWith(suffix)) return undefined;
  const label = hostname.slice(0, -suffix.length);
  return /^\d{1,5}$/.test(label) ? asPort(label) : undefined;
}

/**
 * Finds the imposter a URL addresses: by host `<port>.<zone>` (the path is left whole) or by path
 * `/i/<port>…` (the prefix is stripped, `/i/<port>` alone being `/`). Anything else belongs to the admin API.
 */
export function resolveAddress(url: URL, zone: string): ImposterAddress | null {
  const hostPort = byHost(url.hostname, zone);
  if (hostPort !== undefined) return { port: hostPort, target: url.pathname + url.search };

  const match = PATH_PREFIX.exec(url.pathname);
  const port = match?.[1] === undefined ? undefined : asPort(match[1]);
  if (match === null || port === undefined) return null;
  const rest = url.pathname.slice(match[0].length);
  return { port, target: (rest === "" ? "/" : rest) + url.search };
}
