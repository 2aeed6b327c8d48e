/**
 * One imposter, one Durable Object, named from its workspace and port: the admin Worker and the front door
 * both call this, so an imposter created in a workspace is the one its hosted URL serves.
 */
export const objectName = (workspace: string, port: number): string => `${workspace}:${port}`;

/** The workspace an object name (from `objectName`) belongs to: a proxy's loopback stays in it. */
export const workspaceOfObject = (name: string): string => name.slice(0, name.lastIndexOf(":"));

/**
 * What a workspace id may be: one DNS label (lower-case letters, digits, inner hyphens), so it can stand in
 * a hosted URL's host name (`<port>.<workspace>.<zone>`) and its path (`/w/<workspace>/i/<port>`) unescaped.
 */
export function isWorkspaceId(text: string): boolean {
  return /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(text);
}
