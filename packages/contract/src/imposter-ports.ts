/**
 * The imposter-ports protocol between the admin Worker and the local platform's launcher, which listens on
 * each imposter's own port as mb does (infra/local/imposter-ports.ts). After a change to the default
 * workspace's set of imposters, and before answering it, the admin sends `PUT http://imposter-ports/` on the
 * binding below with every port the workspace now holds. The launcher answers once each is listened on or
 * has failed, so the client that created an imposter can connect to its port the moment it is told. A
 * deployed platform has no such binding. No zod here: the launcher's bundle carries no third-party code.
 */
export const IMPOSTER_PORTS_BINDING = "IMPOSTER_PORTS";

/**
 * The launcher sends a request made to an imposter's own port on as `/i/<port><path>` with this header
 * naming the port (infra/local/port-forward.ts). Such a request is that imposter's whatever its Host says
 * (a Host of `<other>.localhost` must not reach another imposter), and a page it answers is on an origin of
 * its own, not the admin API's (address.ts, ownPortAddress). Recorded requests never show the header.
 */
export const OWN_PORT_HEADER = "x-mockctl-own-port";
export const IMPOSTER_PORTS_URL = "http://imposter-ports/";

/**
 * How an https imposter's own port speaks TLS: the imposter's own fields, which mb 2.9.1 hands to Node's
 * `https.createServer` (httpsServer.js). Absent key and cert: the launcher's built-in pair, as mb's.
 */
export interface PortTls {
  key?: string;
  cert?: string;
  /** A PEM or a list of them, trusted for client certificates. */
  ca?: string | string[];
  mutualAuth?: boolean;
  rejectUnauthorized?: boolean;
  ciphers?: string;
}

export interface PortsUpdate {
  ports: number[];
  /** The https imposters among `ports`, by port; every other port speaks plain http. */
  tls?: Record<string, PortTls>;
  /** Increases with every update the admin sends: the launcher skips one older than what it applied. */
  stamp: number;
}

/**
 * Before the admin creates an https imposter of the default workspace, it POSTs the imposter's TLS (a
 * PortTls) here: mb 2.9.1 refuses one whose key, cert or ciphers OpenSSL cannot read (its server cannot
 * start), and the launcher, whose listener would not either, answers what OpenSSL said.
 */
export const IMPOSTER_TLS_URL = "http://imposter-ports/tls";

export interface TlsVerdict {
  /** OpenSSL's refusal, as mb's 400 shows it (`library`, `reason`, `code`), with Node's message. */
  error?: { message: string; code?: string; library?: string; reason?: string };
}

export interface PortsReport {
  bound: number[];
  /** Ports that could not be listened on (in use, not permitted): their imposters answer at their URL only. */
  failed: Array<{ port: number; reason: string }>;
}

const isPort = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 65_535;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export function isPortsUpdate(value: unknown): value is PortsUpdate {
  if (!isRecord(value)) return false;
  const { ports, stamp, tls } = value as Partial<PortsUpdate>;
  if (tls !== undefined && !(isRecord(tls) && Object.values(tls).every(isRecord))) return false;
  return Array.isArray(ports) && ports.every(isPort) && typeof stamp === "number" && Number.isFinite(stamp);
}

const isText = (value: unknown): value is string => typeof value === "string" && value !== "";

/**
 * The TLS fields of an imposter, as stored or as printed (where an absent `ca` reads null): only values of
 * the types Node takes, so a stray field never reaches `https.createServer`.
 */
export function tlsOf(definition: object): PortTls {
  const imposter = definition as Record<string, unknown>;
  const tls: PortTls = {};
  if (isText(imposter.key)) tls.key = imposter.key;
  if (isText(imposter.cert)) tls.cert = imposter.cert;
  const ca = imposter.ca;
  if (isText(ca) || (Array.isArray(ca) && ca.length > 0 && ca.every(isText))) tls.ca = ca;
  if (imposter.mutualAuth === true) tls.mutualAuth = true;
  if (imposter.rejectUnauthorized === true) tls.rejectUnauthorized = true;
  if (isText(imposter.ciphers)) tls.ciphers = imposter.ciphers.toUpperCase();
  return tls;
}
