import { join } from "node:path";

type StartPlatform = typeof import("../local/platform.ts").startPlatform;

/**
 * The launcher of another checkout (a worktree, npm ci done), so a platform is built from that tree's
 * Workers, packages and relay. The working folder moves into the tree: Miniflare names modules relative to it.
 */
export async function treeLauncher(tree: string): Promise<StartPlatform> {
  process.chdir(tree);
  const { startPlatform } = (await import(join(tree, "infra/local/platform.ts"))) as {
    startPlatform: StartPlatform;
  };
  return startPlatform;
}
