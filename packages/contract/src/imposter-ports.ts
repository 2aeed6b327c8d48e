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

export interface PortsUpdate {
  ports: number[];
  /** Increases with every update the admin sends: the launcher skips one older than what it applied. */
  stamp: number;
}

export interface PortsReport {
  bound: number[];
  /** Ports that could not be listened on (in use, not permitted): their imposters answer at their URL only. */
  failed: Array<{ port: number; reason: string }>;
}

const isPort = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 65_535;

export function isPortsUpdate(value: unknown): value is PortsUpdate {
  if (typeof value !== "object" || value === null) return false;
  const { ports, stamp } = value as Partial<PortsUpdate>;
  return Array.isArray(ports) && ports.every(isPort) && typeof stamp === "number" && Number.isFinite(stamp);
}
