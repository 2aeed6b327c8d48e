import { ApiError, type Client } from "../client.ts";
import { CliError, counted, EXIT } from "../output.ts";
import type { Progress } from "../progress.ts";
import type { Step } from "./plan.ts";

export interface Deployed extends Omit<Step, "imposter" | "previous"> {
  url?: string;
}

/** A replacement the platform refused after the imposter it replaces was deleted; `putBack` says what followed. */
class ReplaceRefused extends Error {
  constructor(
    readonly refused: ApiError,
    readonly putBack: true | Error,
  ) {
    super(refused.message);
  }
}

/**
 * One step against the admin API: replace is mb's only way per imposter, DELETE then POST. When the POST is
 * refused (a workspace's storage limit, an imposter the platform rejects), the imposter deployed before is
 * POSTed back as it was stored, so a failed deploy does not leave the port empty.
 */
export async function applyStep(client: Client, step: Step): Promise<void> {
  if (step.action === "unchanged") return;
  if (step.action !== "create") await client.deleteImposter(step.port);
  if (step.imposter === undefined || step.action === "delete") return;
  try {
    await client.createImposter(step.imposter);
  } catch (error) {
    if (step.action !== "replace" || step.previous === undefined || !(error instanceof ApiError)) throw error;
    const putBack = await client.createImposter(step.previous).then(
      () => true as const,
      (failed: unknown) => (failed instanceof Error ? failed : new Error(String(failed))),
    );
    throw new ReplaceRefused(error, putBack);
  }
}

/** Imposters sent at once: each is its own object on the platform, so they need no order among them. */
const CONCURRENCY = 8;

const FIX_AND_DEPLOY =
  "Fix the imposter and deploy again: imposters already deployed are kept and will show as unchanged.";

const LIMIT_HINT =
  "The workspace is at one of its limits (README, Limits): delete imposters it no longer needs (`mockctl deploy --prune` removes those no file names) and deploy again; what was deployed shows as unchanged.";

/** The workspace's own limits (core workspace-limits.ts); an imposter's size or a request's is the imposter's to fix. */
const isWorkspaceLimit = (error: { code?: string; data?: unknown }): boolean => {
  const limit = (error.data as { limit?: unknown } | undefined)?.limit;
  return error.code === "limit exceeded" && (limit === "maxImposters" || limit === "maxStoredBytes");
};

const stepLabel = (step: Step) => `${step.action} ${step.port}`;

/** How far the deploy got when it was refused, so a CI log says what the platform now holds. */
function progressLines(steps: Step[], done: Set<Step>, refused: Step): string[] {
  const changes = steps.filter((step) => step.action !== "unchanged");
  if (changes.length <= 1) return [];
  const made = changes.filter((step) => done.has(step));
  const left = changes.filter((step) => !done.has(step) && step !== refused);
  const list = (them: Step[]) => {
    const shown = them.slice(0, 10).map(stepLabel).join(", ");
    return them.length > 10 ? `${shown} and ${them.length - 10} more` : shown;
  };
  return [
    `${made.length} of ${counted(changes.length, "change")} made before this refusal${made.length > 0 ? `: ${list(made)}` : ""}`,
    ...(left.length > 0 ? [`${left.length} not made: ${list(left)}`] : []),
  ];
}

function refusal(step: Step, error: ApiError | ReplaceRefused, progress: string[] = []): CliError {
  const where = `${step.source ?? "the platform"}: imposter ${step.port}`;
  const refused = error instanceof ReplaceRefused ? error.refused : error;
  const details = [...refused.details];
  if (error instanceof ReplaceRefused) {
    details.push(
      error.putBack === true
        ? `imposter ${step.port} as deployed before was put back`
        : `imposter ${step.port} as deployed before was deleted and could not be put back: ${error.putBack.message}`,
    );
  }
  details.push(...progress);
  const hint =
    refused.status === 403
      ? "The token may only read: deploy with a token of the write scope (`mockctl tokens create <name> --scope write`)."
      : refused.errors.some(isWorkspaceLimit)
        ? LIMIT_HINT
        : FIX_AND_DEPLOY;
  return new CliError(`${where} was refused (${step.action}): ${refused.message}`, details, hint);
}

const changesIn = (steps: Step[]) => steps.filter((step) => step.action !== "unchanged").length;

/** What an interrupted deploy did and did not do: every step it started, it finished. */
function interruption(steps: Step[], done: Set<Step>): CliError {
  const left = steps.filter((step) => step.action !== "unchanged" && !done.has(step));
  return new CliError(
    `interrupted: ${done.size} of ${counted(done.size + left.length, "change")} made, each in full; ${left.length} not started`,
    left.map((step) => `not done: ${stepLabel(step)}`),
    "Deploy again to make the rest: what was deployed shows as unchanged.",
    EXIT.interrupted,
  );
}

/**
 * Runs the steps, CONCURRENCY at a time; after the first refusal no new step starts, and that refusal is
 * reported with its file, imposter and mb's message (a platform may refuse what the offline check
 * passed, e.g. an `inject` without --allowInjection). Once `stop` aborts (Ctrl-C, a CI job cancelled), no new
 * step starts either, but those under way finish: a replace is DELETE then POST, and one cut between the two
 * lost the imposter (7 of 150 in one cancelled `--fresh` deploy).
 */
export async function applySteps(
  client: Client,
  steps: Step[],
  progress: Progress,
  stop?: AbortSignal,
): Promise<Deployed[]> {
  const queue = [...steps];
  const done = new Set<Step>();
  // The first step that failed, and how.
  let failure: { step: Step; error: unknown } | undefined;
  const going = () => failure === undefined && stop?.aborted !== true;
  const worker = async () => {
    for (
      let step = going() ? queue.shift() : undefined;
      step !== undefined;
      step = going() ? queue.shift() : undefined
    ) {
      try {
        await applyStep(client, step);
        if (step.action !== "unchanged") {
          done.add(step);
          progress.tick(stepLabel(step));
        }
      } catch (error) {
        failure ??= { step, error };
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  progress.done();
  if (failure !== undefined) {
    const { step, error } = failure;
    if (!(error instanceof ApiError || error instanceof ReplaceRefused)) throw error;
    // Reported once every step under way has ended, so the lines name all that was made.
    throw refusal(step, error, progressLines(steps, done, step));
  }
  if (stop?.aborted === true && done.size < changesIn(steps)) throw interruption(steps, done);
  const urls = new Map(
    (await client.listImposters()).map((imposter) => [Number(imposter.port), imposter.url as string]),
  );
  return steps.map(({ imposter: _imposter, previous: _previous, ...step }) => {
    const url = urls.get(step.port);
    return url === undefined || step.action === "delete" ? step : { ...step, url };
  });
}
