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
  /** For replace: the imposter as stored (replayable form), put back if the replacement is refused. */
  previous?: Json;
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

const isProxy = (response: unknown): boolean =>
  typeof response === "object" && response !== null && "proxy" in response;
const hasProxy = (stubs: Json[]): boolean =>
  stubs.some((stub) => Array.isArray(stub.responses) && stub.responses.some(isProxy));

/**
 * Whether the stored imposter is the file's plus stubs its proxy recorded: the file's stubs in their order
 * among the stored ones, everything else equal. A recording is state, like a journal, which a deploy of an
 * unchanged file keeps; replacing the imposter would throw it away.
 */
function onlyRecorded(storedForm: string, fileForm: string): boolean {
  const have = JSON.parse(storedForm) as Json;
  const want = JSON.parse(fileForm) as Json;
  const wanted: Json[] = Array.isArray(want.stubs) ? want.stubs : [];
  const kept: Json[] = Array.isArray(have.stubs) ? have.stubs : [];
  if (!hasProxy(wanted) || kept.length <= wanted.length) return false;
  if (canonicalJson({ ...have, stubs: [] }) !== canonicalJson({ ...want, stubs: [] })) return false;
  let next = 0;
  for (const stub of kept) {
    if (next < wanted.length && canonicalJson(stub) === canonicalJson(wanted[next])) next++;
  }
  return next === wanted.length;
}

/** What a file's imposter asks of the one stored at its port. */
function actionFor(existing: Json | undefined, imposter: Imposter): Action {
  if (existing === undefined) return "create";
  const [have, want] = [stored(existing), replayable(imposter)];
  return have === want || onlyRecorded(have, want) ? "unchanged" : "replace";
}

/**
 * Create what is missing, replace what differs from its stored replayable form, leave the rest (and a
 * proxy's recordings): so a second deploy of the same files changes nothing. With `prune`, imposters in
 * no file are deleted. With `fresh`, every imposter of the files is replaced, changed or not, so each starts
 * with an empty journal and its first responses, as `mb --configfile` starts them.
 */
export function planDeploy(
  desired: CheckedImposter[],
  current: Json[],
  prune: boolean,
  fresh = false,
  /** Ports the files name but that are not deployed (tcp, smtp): in a file, so never pruned. */
  kept: readonly number[] = [],
): Step[] {
  const byPort = new Map(current.map((imposter) => [Number(imposter.port), imposter]));
  const steps: Step[] = desired.map(({ imposter, source }) => {
    const full = imposter as Imposter;
    const existing = byPort.get(full.port);
    const action = fresh && existing !== undefined ? "replace" : actionFor(existing, full);
    const step: Step = { action, port: full.port, imposter: full, source: `${source.file}` };
    if (action === "replace" && existing !== undefined) {
      const { url: _url, ...previous } = existing;
      step.previous = previous;
    }
    if (full.name !== undefined) step.name = full.name;
    return step;
  });
  if (prune) {
    const wanted = new Set([...steps.map((step) => step.port), ...kept]);
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
