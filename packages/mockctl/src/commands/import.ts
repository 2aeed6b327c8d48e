import { ApiError, createClient } from "../client.ts";
import { type Command, stringValue } from "../command.ts";
import { checkImposters } from "../config/check.ts";
import type { SourcedImposter } from "../config/load.ts";
import { applyStep } from "../deploy/apply.ts";
import { planDeploy } from "../deploy/plan.ts";
import { table, UsageError } from "../output.ts";

interface Skipped {
  port: string;
  reason: string;
}

/** "mb: imposter 2526: bad data: the tcp protocol is not yet supported" → port and reason. */
function skippedFrom(line: string): Skipped {
  const match = /imposter (\S+)(?: \([^)]*\))?: (.*)$/.exec(line);
  return { port: match?.[1] ?? "?", reason: match?.[2] ?? line };
}

export const importCommand: Command = {
  name: "import",
  summary: "Copy every imposter from a running Mountebank into the platform",
  remote: true,
  description: [
    "Reads GET /imposters?replayable=true from the Mountebank at --from, validates each imposter as",
    "deploy does and creates (or replaces) it on the platform. Imposters that cannot be brought over",
    "(tcp/smtp, shellTransform, backreferences or lookaround in a regex, injection on a platform",
    "without --allowInjection) are listed with the reason; the others are imported anyway.",
  ],
  options: {
    from: {
      type: "string",
      value: "<url>",
      description: "the Mountebank admin API, e.g. http://localhost:2525",
    },
  },
  examples: ["mockctl import --from http://localhost:2525 --url http://localhost:8080"],
  async run(context) {
    const from = stringValue(context, "from");
    if (from === undefined) throw new UsageError("--from <mountebank url> is required", "import");
    const mb = createClient({ url: from, source: "--from" });
    const listed = await mb.listImposters({ replayable: true });
    const sourced: SourcedImposter[] = listed.map((definition, index) => ({ file: "mb", index, definition }));
    const report = checkImposters(sourced, { allowInjection: true, requirePort: true });
    const skipped = report.errors.map(skippedFrom);
    const client = context.client();
    const steps = planDeploy(report.valid, await client.listImposters({ replayable: true }), false);
    const imported: number[] = [];
    for (const step of steps) {
      try {
        await applyStep(client, step);
        imported.push(step.port);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        skipped.push({ port: String(step.port), reason: error.details.join("; ") });
      }
    }
    if (skipped.length > 0) {
      context.out.line(
        table(
          ["IMPOSTER", "NOT IMPORTED BECAUSE"],
          skipped.map((s) => [s.port, s.reason]),
        ),
      );
    }
    context.out.success(
      `Imported ${imported.length} of ${listed.length} imposter(s) from ${from}; ${skipped.length} not imported.`,
      { imported, skipped },
    );
  },
};
