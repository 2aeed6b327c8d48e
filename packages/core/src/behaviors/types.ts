import type { MbRequest } from "../schemas/request.ts";
import type { IsResponse } from "../schemas/response.ts";

/**
 * What behaviors cannot do inside the core: run user code (another isolate) and read data sources
 * (uploaded CSV files). Every seam is optional; a behavior that needs a missing one fails or, for a data
 * source, finds nothing, as Mountebank does for an unreadable file.
 */
export interface BehaviorDeps {
  /** Runs a `decorate` function on the response; resolves to the (possibly new) response. */
  decorate?: (source: string, request: MbRequest, response: IsResponse) => Promise<IsResponse>;
  /** Runs a `wait` function; resolves to the milliseconds it returned. */
  waitFunction?: (source: string) => Promise<number>;
  /** The CSV text stored under a `lookup` path, or undefined when there is none. */
  dataSource?: (path: string) => Promise<string | undefined>;
}

/** Mountebank's error when injection is off; also ours when the platform gives no seam to run code. */
export const INJECTION_NOT_ALLOWED =
  "JavaScript injection is not allowed unless mb is run with the --allowInjection flag";
