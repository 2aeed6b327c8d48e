import type { Client } from "../client.ts";
import { ApiError } from "../client.ts";
import type { CheckedImposter, Problem } from "../config/check.ts";
import { checkImposters } from "../config/check.ts";
import type { Step } from "./plan.ts";

/** The injection refusals a platform without --allowInjection would give the imposters a deploy sends. */
export function injectionNeeds(valid: CheckedImposter[], steps: Step[]): Problem[] {
  const sent = new Set(
    steps.filter((s) => s.action === "create" || s.action === "replace").map((s) => s.port),
  );
  const sources = valid.filter((one) => one.imposter.port !== undefined && sent.has(one.imposter.port));
  const strict = checkImposters(
    sources.map((one) => one.source),
    { allowInjection: false, requirePort: true },
  );
  return strict.errors.filter((problem) => problem.code === "invalid injection");
}

/**
 * Whether the platform runs user code, from GET /config (mb's `options.allowInjection`, the caller's
 * workspace's setting on ours); undefined when it does not say, and the platform then decides per imposter.
 */
export async function allowsInjection(client: Client): Promise<boolean | undefined> {
  try {
    const config = await client.getConfig();
    const allowed = (config.options as { allowInjection?: unknown } | undefined)?.allowInjection;
    return typeof allowed === "boolean" ? allowed : undefined;
  } catch (error) {
    if (error instanceof ApiError) return undefined;
    throw error;
  }
}
