import type { Site } from "../env.ts";

/**
 * Links use the request's own scheme and host. Mountebank always writes http://<Host>; locally that is the
 * same, and on the hosted platform https keeps clients (and their x-api-key) off plain http.
 * Imposters are served by path (/i/<port>) unless ZONE names a real zone for host addressing (<port>.<ZONE>);
 * "localhost" keeps paths because *.localhost names do not resolve for most clients.
 */
export function siteFor(requestUrl: string, zone: string): Site {
  const url = new URL(requestUrl);
  const byHost = zone !== "" && zone !== "localhost";
  return {
    origin: url.origin,
    hostedUrl: (port) => (byHost ? `${url.protocol}//${port}.${zone}` : `${url.origin}/i/${port}`),
  };
}
