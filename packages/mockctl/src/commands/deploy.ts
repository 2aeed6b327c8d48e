import type { Client } from "../client.ts";
import { type Command, flag } from "../command.ts";
import { checkImposters, hostedHttpsWarnings, type Problem } from "../config/check.ts";
import { loadConfigFiles } from "../config/load.ts";
import { applySteps, type Deployed } from "../deploy/apply.ts";
import { allowsInjection, injectionNeeds } from "../deploy/injection.ts";
import { refuseOverLimitUpFront } from "../deploy/limits.ts";
import { changes, planDeploy, type Step } from "../deploy/plan.ts";
import { CliError, counted, EXIT, type Output, table } from "../output.ts";
import { createProgress } from "../progress.ts";
import { isLocalUrl } from "../target-url.ts";

function counts(steps: Step[]): Record<Step["action"], number> {
  const result = { create: 0, replace: 0, unchanged: 0, delete: 0 };
  for (const step of steps) result[step.action] += 1;
  return result;
}

function printTable(out: Output, rows: Deployed[]): void {
  if (rows.length === 0) return;
  const cells = rows.map((r) => [String(r.port), r.name ?? "", r.action, r.url ?? ""]);
  out.line(table(["IMPOSTER", "NAME", "ACTION", "URL"], cells));
}

/**
 * A platform without --allowInjection refuses such imposters one by one, after the others were sent: asked
 * first, so a deploy that cannot complete sends nothing.
 */
async function refuseInjectionUpFront(client: Client, shown: string, needs: Problem[]): Promise<void> {
  if (needs.length === 0 || (await allowsInjection(client)) !== false) return;
  const imposters = new Set(needs.map((need) => need.imposter)).size;
  throw new CliError(
    `${counted(imposters, "imposter")} ${imposters === 1 ? "uses" : "use"} injection, which the platform at ${shown} does not allow; nothing was sent`,
    [...new Set(needs.map((need) => need.line))],
    "Start the platform with --allowInjection (npm start -- --allowInjection, mockctl dev --allowInjection), or allow it for the workspace (mockctl workspaces set --allowInjection true).",
  );
}

export const deploy: Command = {
  name: "deploy",
  summary: "Create or replace imposters from Mountebank config files (JSON or EJS)",
  args: "<files…>",
  positionals: { min: 1, max: Number.POSITIVE_INFINITY },
  remote: true,
  description: [
    "Renders each file as `mb --configfile` does (EJS 2: <% include x.ejs %>, stringify(file, data)),",
    "validates every imposter before anything is sent, then creates what is missing and replaces what",
    "changed. Deploying the same files again changes nothing. tcp and smtp imposters are skipped with a",
    "warning (the platform accepts HTTP only). https ones listen with their key and cert on a local platform's",
    "own ports, as in mb; a deployed platform serves them on its own certificate, with a warning.",
  ],
  options: {
    prune: { type: "boolean", description: "delete imposters on the platform that are in none of the files" },
    fresh: {
      type: "boolean",
      description: "replace every imposter of the files, changed or not: empty journals, first responses",
    },
    "dry-run": { type: "boolean", description: "show the plan; send nothing" },
    noParse: { type: "boolean", description: "read the files as plain JSON, without EJS (mb --noParse)" },
  },
  examples: [
    "mockctl deploy imposters.ejs",
    "mockctl deploy mocks/*.json --prune --url https://mocks.example.com",
  ],
  async run(context) {
    const { out } = context;
    const sourced = loadConfigFiles(context.positionals, context.cwd, flag(context, "noParse"));
    const report = checkImposters(sourced, { allowInjection: true, requirePort: true, skipRawTcp: true });
    if (report.errors.length > 0) {
      const lines = report.errors.map((problem) => problem.line);
      throw new CliError(`${counted(lines.length, "problem")} in the config; nothing was sent`, lines);
    }
    for (const warning of report.warnings) out.warn(warning);
    const client = context.client();
    if (!isLocalUrl(client.target.url)) for (const warning of hostedHttpsWarnings(report)) out.warn(warning);
    // The launcher deploys --configfile through a private door before its port opens, and names the port.
    const shown = context.env.MOCKCTL_LAUNCHER_URL ?? client.target.url;
    const current = await client.listImposters({ replayable: true });
    const steps = planDeploy(
      report.valid,
      current,
      flag(context, "prune"),
      flag(context, "fresh"),
      report.skipped.flatMap(({ imposter }) => (/^\d+$/.test(imposter) ? [Number(imposter)] : [])),
    );
    await refuseInjectionUpFront(client, shown, injectionNeeds(report.valid, steps));
    await refuseOverLimitUpFront(client, out, current.length, steps);
    const n = counts(steps);
    const summary = `${n.create} to create, ${n.replace} to replace, ${n.delete} to delete, ${n.unchanged} unchanged`;
    if (flag(context, "dry-run")) {
      printTable(out, steps);
      out.success(`Dry run: ${summary}; nothing was sent.`, {
        dryRun: true,
        imposters: steps.map(({ imposter: _i, previous: _p, ...s }) => s),
      });
      return;
    }
    const todo = changes(steps).length;
    const deployed = await untilInterrupted(context.out, (stop) =>
      applySteps(client, steps, createProgress(todo, process.stderr, { json: out.json }), stop),
    );
    printTable(out, deployed);
    const message =
      todo === 0
        ? `No changes: ${counted(n.unchanged, "imposter")} already deployed to ${shown}.`
        : `Deployed to ${shown}: ${n.create} created, ${n.replace} replaced, ${n.delete} deleted, ${n.unchanged} unchanged.`;
    out.success(message, { imposters: deployed, changed: todo });
  },
};

/**
 * Runs `work` with SIGINT and SIGTERM (Ctrl-C, a cancelled CI job) turned into `stop`: the changes under way
 * finish and the rest are not started. A second signal stops at once, as asked.
 */
async function untilInterrupted<T>(out: Output, work: (stop: AbortSignal) => Promise<T>): Promise<T> {
  const stop = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    if (stop.signal.aborted) process.exit(signal === "SIGINT" ? EXIT.interrupted : 143);
    stop.abort();
    out.warn(
      "interrupted: finishing the imposters being sent; interrupt again to stop at once (one being replaced may be lost)",
    );
  };
  process.on("SIGINT", onSignal).on("SIGTERM", onSignal);
  try {
    return await work(stop.signal);
  } finally {
    process.off("SIGINT", onSignal).off("SIGTERM", onSignal);
  }
}
