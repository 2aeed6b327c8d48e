import { ApiError, type Client } from "../client.ts";
import { CliError } from "../output.ts";
import type { Progress } from "../progress.ts";
import type { Step } from "./plan.ts";

export interface Deployed extends Omit<Step, "imposter"> {
  url?: string;
}

/** One step against the admin API: replace is mb's only way per imposter, DELETE then POST. */
export async function applyStep(client: Client, step: Step): Promise<void> {
  if (step.action === "unchanged") return;
  if (step.action !== "create") await client.deleteImposter(step.port);
  if (step.imposter !== undefined && step.action !== "delete") await client.createImposter(step.imposter);
}

/** Imposters sent at once: each is its own object on the platform, so they need no order among them. */
const CONCURRENCY = 8;

function refusal(step: Step, error: ApiError): CliError {
  const where = `${step.source ?? "the platform"}: imposter ${step.port}`;
  return new CliError(
    `${where} was refused (${step.action}): ${error.message}`,
    error.details,
    "Fix the imposter and deploy again: imposters already deployed are kept and will show as unchanged.",
  );
}

/**
 * Runs the steps, CONCURRENCY at a time; after the first refusal no new step starts, and that refusal is
 * reported with its file, imposter and mb's message (a platform may refuse what the offline check
 * passed, e.g. an `inject` without --allowInjection).
 */
export async function applySteps(client: Client, steps: Step[], progress: Progress): Promise<Deployed[]> {
  const queue = [...steps];
  let failure: unknown;
  const worker = async () => {
    for (let step = queue.shift(); step !== undefined && failure === undefined; step = queue.shift()) {
      try {
        await applyStep(client, step);
        if (step.action !== "unchanged") progress.tick(`${step.action} ${step.port}`);
      } catch (error) {
        failure ??= error instanceof ApiError ? refusal(step, error) : error;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  progress.done();
  if (failure !== undefined) throw failure;
  const urls = new Map(
    (await client.listImposters()).map((imposter) => [Number(imposter.port), imposter.url as string]),
  );
  return steps.map(({ imposter: _imposter, ...step }) => {
    const url = urls.get(step.port);
    return url === undefined || step.action === "delete" ? step : { ...step, url };
  });
}
