import { type Imposter, printImposter } from "@mockctl/core";
import type { Json } from "../client.ts";
import { canonicalJson } from "../config/canonical.ts";
import type { CheckedImposter } from "../config/check.ts";

export type Action = "create" | "replace" | "unchanged" | "delete";

export interface Step {
  action: Action;
  port: number;
  name?: string;
  /** What is sent for create/replace. */
  imposter?: Imposter;
  /** Where it came from, e.g. "imposters.ejs: imposter 4545". */
  source?: string;
}

/** What GET /imposters?replayable=true prints for this imposter: the form a stored one is compared in. */
function replayable(imposter: Imposter): string {
  return canonicalJson(
    printImposter(imposter, { numberOfRequests: 0, requests: [] }, { form: "replayable" }),
  );
}

/** The platform adds `url` (where it serves the imposter); it is not part of the definition. */
function stored(imposter: Json): string {
  const { url: _url, ...rest } = imposter;
  return canonicalJson(rest);
}

/**
 * Create what is missing, replace what differs from its stored replayable form, leave the rest: so a
 * second deploy of the same files changes nothing. With `prune`, imposters in no file are deleted.
 */
export function planDeploy(desired: CheckedImposter[], current: Json[], prune: boolean): Step[] {
  const byPort = new Map(current.map((imposter) => [Number(imposter.port), imposter]));
  const steps: Step[] = desired.map(({ imposter, source }) => {
    const full = imposter as Imposter;
    const existing = byPort.get(full.port);
    const action: Action =
      existing === undefined ? "create" : stored(existing) === replayable(full) ? "unchanged" : "replace";
    const step: Step = { action, port: full.port, imposter: full, source: `${source.file}` };
    if (full.name !== undefined) step.name = full.name;
    return step;
  });
  if (prune) {
    const wanted = new Set(steps.map((step) => step.port));
    for (const imposter of current) {
      const port = Number(imposter.port);
      if (wanted.has(port)) continue;
      const step: Step = { action: "delete", port };
      if (typeof imposter.name === "string") step.name = imposter.name;
      steps.push(step);
    }
  }
  return steps;
}

export const changes = (steps: Step[]): Step[] => steps.filter((step) => step.action !== "unchanged");
