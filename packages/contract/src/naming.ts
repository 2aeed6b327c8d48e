/**
 * One imposter, one Durable Object, named from its workspace and port: the admin Worker and the front door
 * both call this, so an imposter created in a workspace is the one its hosted URL serves.
 */
export const objectName = (workspace: string, port: number): string => `${workspace}:${port}`;

/** The workspace an object name (from `objectName`) belongs to: a proxy's loopback stays in it. */
export const workspaceOfObject = (name: string): string => name.slice(0, name.lastIndexOf(":"));

/**
 * The longest workspace id, and the one number every part uses (the platform API creates, the edge reads
 * addresses, the admin Worker reads `/w/<workspace>/`). A DNS label allows 63, but a hosted URL may need the
 * workspace inside one label with a port or name: Universal SSL covers one level under the zone
 * (infra/README.md), so a single-label form such as `<port>-<workspace>.<zone>` or `<name>-<workspace>`
 * would need the rest of the label; 32 leaves that room. The platform API has never created a longer one.
 */
export const WORKSPACE_ID_MAX = 32;

const WORKSPACE_ID = new RegExp(`^[a-z0-9](?:[a-z0-9-]{0,${WORKSPACE_ID_MAX - 2}}[a-z0-9])?$`);

/**
 * What a workspace id may be: 1 to WORKSPACE_ID_MAX lower-case letters, digits and inner hyphens, a DNS
 * label, so it can stand in a hosted URL's host name (`<port>.<workspace>.<zone>`) and its path
 * (`/w/<workspace>/i/<port>`) unescaped.
 */
export function isWorkspaceId(text: string): boolean {
  return WORKSPACE_ID.test(text);
}
