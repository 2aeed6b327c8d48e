/**
 * Where an imposter is served, in the forms resolveAddress (address.ts) reads. Imposters are served by path
 * (`/i/<port>`) unless the zone is a real one for host addressing (`<port>.<zone>`); "localhost" keeps
 * paths because *.localhost names do not resolve for most clients. An imposter of a workspace other than
 * the default one carries its workspace: `/w/<workspace>/i/<port>` or `<port>.<workspace>.<zone>`.
 */
export interface HostedUrlOptions {
  /** scheme://host[:port] the caller reached us on; Mountebank writes its links from the request's Host. */
  origin: string;
  zone: string;
  /** undefined for the default workspace, which keeps Mountebank's short form. */
  workspace: string | undefined;
}

export function usesHostAddressing(zone: string): boolean {
  return zone !== "" && zone !== "localhost";
}

export function hostedUrl({ origin, zone, workspace }: HostedUrlOptions, port: number): string {
  if (usesHostAddressing(zone)) {
    const scheme = origin.slice(0, origin.indexOf("//"));
    return workspace === undefined ? `${scheme}//${port}.${zone}` : `${scheme}//${port}.${workspace}.${zone}`;
  }
  return workspace === undefined ? `${origin}/i/${port}` : `${origin}/w/${workspace}/i/${port}`;
}
