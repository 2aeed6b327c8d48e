import { ApiError, type Client } from "../client.ts";
import { CliError, counted, type Output } from "../output.ts";
import type { Step } from "./plan.ts";

const count = (steps: Step[], action: Step["action"]) =>
  steps.filter((step) => step.action === action).length;

/**
 * The workspace's imposter limit (GET /platform/workspace); undefined where it is not told (mb's 404, a
 * platform older than the field), and the platform then decides at each create, as before.
 */
async function maxImposters(client: Client): Promise<number | undefined> {
  try {
    return (await client.platform.getWorkspace()).limits?.maxImposters;
  } catch (error) {
    if (error instanceof ApiError) return undefined;
    throw error;
  }
}

/**
 * The platform counts a workspace's imposters at each create and refuses the one too many (413 `limit
 * exceeded`), after the others were made: a deploy that must end over the limit is refused here, dry run
 * or not, with nothing sent. One that ends within it but passes it on the way (--prune's deletes are queued
 * after every create, so a refused deploy has pruned nothing) gets a warning: the platform may refuse it.
 */
export async function refuseOverLimitUpFront(
  client: Client,
  out: Output,
  current: number,
  steps: Step[],
): Promise<void> {
  const creates = count(steps, "create");
  if (creates === 0) return;
  const max = await maxImposters(client);
  const peak = current + creates;
  if (max === undefined || peak <= max) return;
  const after = peak - count(steps, "delete");
  const counts = `${current} there now, ${creates} to create${after < peak ? `, ${peak - after} to delete` : ""}`;
  if (after <= max) {
    out.warn(
      `the workspace may have at most ${counted(max, "imposter")} and this deploy passes that before --prune's deletes (${counts}): the platform may refuse some creates; delete first (\`mockctl imposters delete <port>\`) to be sure`,
    );
    return;
  }
  throw new CliError(
    `this deploy would take the workspace past its limit of ${counted(max, "imposter")}; nothing was sent`,
    [`a workspace may have at most ${max} imposters; this one would have ${after} (${counts})`],
    "Delete imposters the workspace no longer needs (`mockctl imposters delete <port>`, or `--prune` for those no file names), or deploy fewer.",
  );
}
